import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The card every sign-in page sits in, with an optional form-level error. */
export function AuthCard({
  title,
  subtitle,
  error,
  children,
  width = 440,
}: {
  title: string;
  subtitle?: ReactNode;
  error?: string;
  children: ReactNode;
  width?: number;
}) {
  return (
    // a long address (quoted in "we sent a code to …") wraps instead of running out of a phone's card
    <Paper withBorder shadow="sm" radius="lg" p="xl" maw={width} mx="auto" mt="xl" style={{ overflowWrap: 'anywhere' }}>
      <Stack gap="md">
        <div>
          <Title order={2}>{title}</Title>
          {subtitle && (
            <Text c="dimmed" size="sm" mt={4}>
              {subtitle}
            </Text>
          )}
        </div>
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="form-error" role="alert">
            {error}
          </Alert>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
