import { Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function Mark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
      <path d="M8 10h16v10H14l-6 5z" fill="#fff" />
    </svg>
  );
}

/** The product mark and name; a button when `onClick` is given (goes to the landing page). */
export function Logo({ onClick, compact = false }: { onClick?: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  const content = (
    <Group gap={8} wrap="nowrap">
      <Mark />
      {!compact && (
        <Text fw={800} size="lg" c="var(--mantine-primary-color-filled)">
          {t('common.appName')}
        </Text>
      )}
    </Group>
  );
  if (!onClick) return content;
  return (
    <UnstyledButton onClick={onClick} aria-label={t('shell.home')} data-testid="logo">
      {content}
    </UnstyledButton>
  );
}
