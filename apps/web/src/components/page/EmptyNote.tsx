import { Paper, Text } from '@mantine/core';

/** A plain "nothing here" note inside a page (not the area placeholder). */
export function EmptyNote({ text }: { text: string }) {
  return (
    <Paper withBorder p="xl" radius="md" ta="center">
      <Text c="dimmed">{text}</Text>
    </Paper>
  );
}
