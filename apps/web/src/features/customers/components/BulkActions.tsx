import { Alert, Button, Checkbox, Group, Modal, Paper, Select, Stack, TagsInput, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { type BulkRequest, useBulkCustomers } from '../api/bulk-customers.ts';
import { useGroupOptions } from '../api/get-group-options.ts';
import { tagsWithTyped } from '../tags.ts';

type Action = BulkRequest['action'];

/**
 * Actions on the selected rows, or (when chosen) on every customer matching the filters:
 * add to a static group, tag, untag, delete (confirmed).
 */
export function BulkActions(props: {
  selected: number[];
  total: number;
  filter: NonNullable<BulkRequest['filter']>;
  canUpdate: boolean;
  canDelete: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [action, setAction] = useState<Action | null>(null);
  const [allMatching, setAllMatching] = useState(false);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  // what is typed in the tags box but not yet entered counts too (Confirm, not only Enter, takes it)
  const [typed, setTyped] = useState('');
  const chosenTags = tagsWithTyped(tags, typed);
  const groups = useGroupOptions();
  const bulk = useBulkCustomers();
  const count = allMatching ? props.total : props.selected.length;

  const close = () => {
    setAction(null);
    setTags([]);
    setTyped('');
    setGroupId(null);
    bulk.reset();
  };
  const submit = () => {
    if (!action) return;
    const target = allMatching ? { filter: props.filter } : { ids: props.selected };
    const body: BulkRequest = { action, ...target };
    if (action === 'add_to_group') body.group_id = Number(groupId);
    if (action === 'tag' || action === 'untag') body.tags = chosenTags;
    bulk.mutate(body, {
      onSuccess: (res) => {
        showSuccessToast(`customers.bulk.done.${action}`, { count: res.affected });
        close();
        setAllMatching(false);
        props.onDone();
      },
    });
  };
  const ready =
    action === 'delete' || (action === 'add_to_group' && groupId) || ((action === 'tag' || action === 'untag') && chosenTags.length > 0);

  return (
    <Paper withBorder radius="md" p="sm" data-testid="customer-bulk-bar">
      <Group justify="space-between" wrap="wrap">
        <Group gap="md">
          <Text size="sm" fw={600} data-testid="customer-selected-count">
            {t('customers.bulk.selected', { count })}
          </Text>
          {props.total > props.selected.length && (
            <Checkbox
              size="xs"
              label={t('customers.bulk.allMatching', { count: props.total })}
              checked={allMatching}
              onChange={(e) => setAllMatching(e.currentTarget.checked)}
            />
          )}
        </Group>
        <Group gap="xs">
          {props.canUpdate && (
            <>
              <Button size="xs" variant="light" onClick={() => setAction('add_to_group')} data-testid="bulk-add-to-group">
                {t('customers.bulk.addToGroup')}
              </Button>
              <Button size="xs" variant="light" onClick={() => setAction('tag')} data-testid="bulk-tag">
                {t('customers.bulk.tag')}
              </Button>
              <Button size="xs" variant="light" onClick={() => setAction('untag')}>
                {t('customers.bulk.untag')}
              </Button>
            </>
          )}
          {props.canDelete && (
            <Button size="xs" color="red" variant="light" onClick={() => setAction('delete')} data-testid="bulk-delete">
              {t('customers.bulk.delete')}
            </Button>
          )}
        </Group>
      </Group>
      <Modal opened={action !== null} onClose={close} title={action ? t(`customers.bulk.title.${action}`, { count }) : ''} centered>
        <Stack>
          {action === 'add_to_group' && (
            <Select
              label={t('customers.bulk.group')}
              data={(groups.data ?? []).filter((g) => g.type === 'static').map((g) => ({ value: String(g.id), label: g.group_name }))}
              value={groupId}
              onChange={setGroupId}
              searchable
              nothingFoundMessage={t('customers.bulk.noGroups')}
              data-testid="bulk-group-select"
            />
          )}
          {(action === 'tag' || action === 'untag') && (
            <TagsInput
              label={t('customers.fields.tags')}
              description={t('customers.bulk.tagsHint')}
              value={tags}
              onChange={setTags}
              searchValue={typed}
              onSearchChange={setTyped}
              data-testid="bulk-tags-input"
            />
          )}
          {action === 'delete' && <Text>{t('customers.bulk.confirmDelete', { count })}</Text>}
          {bulk.isError && (
            <Alert color="red" variant="light" data-testid="bulk-error">
              {isApiError(bulk.error) ? bulk.error.message : t('common.loadFailed')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('customers.actions.cancel')}
            </Button>
            <Button
              color={action === 'delete' ? 'red' : undefined}
              onClick={submit}
              loading={bulk.isPending}
              disabled={!ready}
              data-testid="bulk-confirm"
            >
              {t('customers.actions.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
