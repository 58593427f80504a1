import { Avatar } from '@mantine/core';
import { useSession } from '../../lib/session.ts';
import { saveSession } from '../../lib/session-store.ts';

/** The user's logo, or the initial of the name. A broken logo is hidden and forgotten (spec §8). */
export function UserAvatar({ name, size = 34 }: { name: string; size?: number }) {
  const { userLogo } = useSession();
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <Avatar
      src={userLogo || null}
      alt={name}
      size={size}
      radius={1000}
      color="initials"
      name={name}
      imageProps={{ onError: () => saveSession({ userLogo: null }) }}
      data-testid="user-avatar"
    >
      {initial}
    </Avatar>
  );
}
