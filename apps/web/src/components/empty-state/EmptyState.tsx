import { Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A list with nothing in it yet: an illustration, what the list is for in one
 * sentence, and the action that fills it — a filled Button (the page's primary action), plus at
 * most one secondary (variant="default"). Pages pass no action to a user who may not create.
 * A search or filter that finds nothing keeps the plain EmptyNote: the list is not empty.
 */
export function EmptyState({
  icon: Glyph,
  title,
  text,
  action,
  secondary,
  testId = 'empty-state',
}: {
  icon: Icon;
  title: string;
  text: string;
  action?: ReactNode;
  secondary?: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" px="md" py={{ base: 'xl', sm: 48 }} data-testid={testId}>
      <Stack align="center" gap="xs" maw={480} mx="auto" ta="center">
        {/* decoration: a soft halo round the list's icon, in the theme's colour */}
        <Box aria-hidden p={12} mb="sm" style={{ borderRadius: '50%', background: 'var(--mantine-primary-color-light)', lineHeight: 0 }}>
          <ThemeIcon size={72} radius={999} variant="white">
            <Glyph size={38} stroke={1.5} />
          </ThemeIcon>
        </Box>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {text}
        </Text>
        {(action || secondary) && (
          <Group justify="center" gap="sm" mt="sm">
            {action}
            {secondary}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
