/** /campaign with unfinished drafts: continue one of them (the last edited first) or start anew. */
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRelativeTime } from '../../../lib/dates.ts';
import { intlLocale } from '../../../lib/i18n.ts';
import type { Campaign } from '../api/types.ts';
import { draftFromCampaign, STEPS, stepComplete } from '../draft.ts';
import { ChannelBadge } from './ContentEditor.tsx';

export function DraftChooser({
  drafts,
  total,
  timeZone,
  onNew,
}: {
  drafts: Campaign[];
  total: number;
  timeZone: string;
  onNew: () => void;
}) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => v.toLocaleString(intlLocale(i18n.language));
  // out of the launcher's eight steps, as its step bar counts them (the review is done by launching)
  const steps = STEPS.filter((s) => s !== 'review');
  return (
    <Stack gap="md" maw={720} data-testid="draft-chooser">
      <div>
        <Title order={1} size="h2">
          {t('launch.resume.title')}
        </Title>
        <Text c="dimmed">{t('launch.resume.subtitle')}</Text>
      </div>
      {drafts.map((c) => {
        const d = draftFromCampaign(c, timeZone);
        const done = steps.filter((s) => stepComplete(d, s, timeZone)).length;
        return (
          <Paper key={c.id} withBorder radius="md" p="md" data-testid="draft-option" data-id={c.id}>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                <Text fw={600} truncate>
                  <bdi>{c.name}</bdi>
                </Text>
                <Group gap={6}>
                  {c.channels.map((ch) => (
                    <ChannelBadge key={ch} channel={ch} />
                  ))}
                  <Badge variant="outline" color="gray" tt="none">
                    {t('launch.resume.steps', { done: n(done), total: n(STEPS.length) })}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('launch.resume.edited', { when: formatRelativeTime(c.updated_at) })}
                </Text>
              </Stack>
              <Button component={Link} to={`/campaign/${c.id}`} data-testid="draft-continue">
                {t('launch.resume.continue')}
              </Button>
            </Group>
          </Paper>
        );
      })}
      <Group gap="sm">
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={onNew} data-testid="draft-start-new">
          {t('launch.resume.startNew')}
        </Button>
        {total > drafts.length && (
          <Button component={Link} to="/campaignhistory?status=DRAFT" variant="subtle">
            {t('launch.resume.allDrafts')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
