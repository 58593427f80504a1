import { BUILTIN_ROLES } from '@risala/shared/permissions';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/text/UserText.tsx';

/** A built-in role in the reader's language; a custom role by the name the account gave it. */
export function RoleName({ role }: { role: { key: string | null; role_name: string } }) {
  const { t } = useTranslation();
  if (role.key && (BUILTIN_ROLES as readonly string[]).includes(role.key)) return <>{t(`team.roles.${role.key}`)}</>;
  return <UserText>{role.role_name}</UserText>;
}

/** The same as text (a Select option's label). */
export function useRoleLabel() {
  const { t } = useTranslation();
  return (role: { key: string | null; role_name: string }) =>
    role.key && (BUILTIN_ROLES as readonly string[]).includes(role.key) ? t(`team.roles.${role.key}`) : role.role_name;
}
