import { Alert, Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { can } from '@risala/shared/permissions';
import { CHANNELS } from '@risala/shared/constants';
import type { SubAccount } from '@risala/shared/schemas/sub-accounts';
import { IconBuildingCommunity, IconCoins, IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { QueryState } from '../../components/page/QueryState.tsx';
import { Moment } from '../../components/time/Moment.tsx';
import { intlLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useSubAccounts } from './api.ts';
import { AllocateCreditsModal, CreateSubAccountModal } from './SubAccountDialogs.tsx';

const n = (v: number) => v.toLocaleString(intlLocale());

/** "SMS 300 · Email 0 · WhatsApp 0" */
function Figures({ t, of }: { t: TFunction; of: SubAccount['credits'] }) {
  return (
    <Stack gap={0}>
      {CHANNELS.map((c) => (
        <Text key={c} size="xs">
          {t(`subAccounts.channels.${c}`)}: <b>{n(of[c])}</b>
        </Text>
      ))}
    </Stack>
  );
}

/** /sub-accounts: the account's clients or brands with their usage; create one, give it credits. */
export function SubAccountsPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const phone = useMediaQuery('(max-width: 48em)');
  const list = useSubAccounts();
  const [creating, setCreating] = useState(false);
  const [allocating, setAllocating] = useState<SubAccount | null>(null);
  const canCreate = can(permissions, 'sub_accounts', 'create') && list.data?.can_create !== false;
  const canAllocate = can(permissions, 'sub_accounts', 'update');

  const allocateButton = (s: SubAccount) =>
    canAllocate && (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCoins size={14} />}
        onClick={() => setAllocating(s)}
        data-testid="sub-account-allocate"
      >
        {t('subAccounts.allocate')}
      </Button>
    );
  const owner = (s: SubAccount) => (
    <Group gap={6} wrap="wrap">
      <Text size="sm" dir="ltr">
        {s.owner_email ?? '—'}
      </Text>
      <Badge size="sm" variant="light" color={s.owner_status === 'ACTIVE' ? 'green' : 'yellow'}>
        {t(`subAccounts.ownerStatus.${s.owner_status}`)}
      </Badge>
    </Group>
  );

  return (
    <Stack gap="lg" data-testid="sub-accounts-page">
      <Group justify="space-between" align="flex-end">
        <div style={{ minWidth: 0, flex: '1 1 18rem' }}>
          <Title order={1} size="h2">
            {t('subAccounts.title')}
          </Title>
          <Text c="dimmed" maw={720}>
            {t('subAccounts.subtitle')}
          </Text>
        </div>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="sub-account-new">
            {t('subAccounts.new')}
          </Button>
        )}
      </Group>
      {list.data && !list.data.can_create && <Alert color="blue">{t('subAccounts.oneLevel')}</Alert>}
      {list.data && (
        <Paper withBorder radius="md" p="sm" data-testid="own-balance">
          <Text size="sm" fw={600} mb={4}>
            {t('subAccounts.ownBalance')}
          </Text>
          <SimpleGrid cols={{ base: 3 }} spacing="xs">
            {CHANNELS.map((c) => (
              <div key={c}>
                <Text size="xs" c="dimmed">
                  {t(`subAccounts.channels.${c}`)}
                </Text>
                <Text fw={600} data-testid={`own-balance-${c}`}>
                  {n(list.data.own_credits[c])}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      )}
      <QueryState
        query={list}
        empty={(d) => d.items.length === 0}
        emptyText={t('subAccounts.empty')}
        emptyState={
          canCreate ? (
            <EmptyState
              icon={IconBuildingCommunity}
              title={t('subAccounts.emptyTitle')}
              text={t('subAccounts.empty')}
              action={
                <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                  {t('subAccounts.new')}
                </Button>
              }
            />
          ) : undefined
        }
      >
        {(d) =>
          phone ? (
            <Stack gap="xs" data-testid="sub-accounts-table">
              {d.items.map((s) => (
                <Card key={s.id} withBorder radius="md" padding="sm" data-testid="sub-account-row">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text fw={600} style={{ minWidth: 0 }}>
                      {s.name}
                    </Text>
                    {allocateButton(s)}
                  </Group>
                  {owner(s)}
                  <SimpleGrid cols={2} mt="xs" spacing="xs">
                    <div>
                      <Text size="xs" c="dimmed">
                        {t('subAccounts.columns.messages30d')}
                      </Text>
                      <Figures t={t} of={s.messages_30d} />
                    </div>
                    <div>
                      <Text size="xs" c="dimmed">
                        {t('subAccounts.columns.credits')}
                      </Text>
                      <Figures t={t} of={s.credits} />
                    </div>
                  </SimpleGrid>
                </Card>
              ))}
            </Stack>
          ) : (
            <Paper withBorder radius="md" p="xs">
              <Table.ScrollContainer minWidth={860}>
                <Table verticalSpacing="sm" data-testid="sub-accounts-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('subAccounts.columns.name')}</Table.Th>
                      <Table.Th>{t('subAccounts.columns.owner')}</Table.Th>
                      <Table.Th>{t('subAccounts.columns.users')}</Table.Th>
                      <Table.Th>{t('subAccounts.columns.messages30d')}</Table.Th>
                      <Table.Th>{t('subAccounts.columns.credits')}</Table.Th>
                      <Table.Th>{t('subAccounts.columns.created')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.items.map((s) => (
                      <Table.Tr key={s.id} data-testid="sub-account-row">
                        <Table.Td fw={600}>{s.name}</Table.Td>
                        <Table.Td>{owner(s)}</Table.Td>
                        <Table.Td>{n(s.users)}</Table.Td>
                        <Table.Td>
                          <Figures t={t} of={s.messages_30d} />
                        </Table.Td>
                        <Table.Td data-testid="sub-account-credits">
                          <Figures t={t} of={s.credits} />
                        </Table.Td>
                        <Table.Td>
                          <Moment at={s.created_at} style="day" />
                        </Table.Td>
                        <Table.Td>{allocateButton(s)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )
        }
      </QueryState>
      {creating && <CreateSubAccountModal onClose={() => setCreating(false)} />}
      {allocating && list.data && (
        <AllocateCreditsModal account={allocating} own={list.data.own_credits} onClose={() => setAllocating(null)} />
      )}
    </Stack>
  );
}
