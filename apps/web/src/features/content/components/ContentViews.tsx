import { ActionIcon, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { ContentItem } from '@risala/shared/schemas/content';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ContentPreview } from './ContentPreview.tsx';
import { Moment } from '../../../components/time/Moment.tsx';

interface ViewProps {
  items: ContentItem[];
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (item: ContentItem) => void;
  onDelete: (item: ContentItem) => void;
}

function Actions({ item, canEdit, canDelete, onEdit, onDelete }: Omit<ViewProps, 'items'> & { item: ContentItem }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {canEdit && (
        <Tooltip label={t('content.actions.edit')}>
          <ActionIcon variant="subtle" aria-label={t('content.actions.edit')} onClick={() => onEdit(item)} data-testid="content-edit">
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip label={t('content.actions.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('content.actions.delete')}
            onClick={() => onDelete(item)}
            data-testid="content-delete"
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

function Labels({ item }: { item: ContentItem }) {
  return (
    <Group gap={4}>
      {item.brands.map((b) => (
        <Badge key={b.id} variant="light" size="sm" tt="none" data-testid="content-brand">
          {b.name}
        </Badge>
      ))}
      {item.tags.map((tag) => (
        <Badge key={tag} variant="outline" color="gray" size="sm" tt="none" data-testid="content-tag">
          #{tag}
        </Badge>
      ))}
    </Group>
  );
}

export function ContentGrid(props: ViewProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" data-testid="content-grid">
      {props.items.map((item) => (
        <Card key={item.id} withBorder radius="md" padding="sm" data-testid="content-card">
          <Card.Section>
            <ContentPreview item={item} />
          </Card.Section>
          <Stack gap={6} mt="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600} lineClamp={2} data-testid="content-title">
                {item.title}
              </Text>
              <Actions item={item} {...props} />
            </Group>
            <Badge size="xs" variant="dot">
              {t(`content.types.${item.type}`)}
            </Badge>
            <Labels item={item} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function ContentTable(props: ViewProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="content-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={96} />
            <Table.Th>{t('content.fields.title')}</Table.Th>
            <Table.Th>{t('content.fields.type')}</Table.Th>
            <Table.Th>{t('content.fields.brands')}</Table.Th>
            <Table.Th>{t('content.fields.updated_at')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.items.map((item) => (
            <Table.Tr key={item.id} data-testid="content-row">
              <Table.Td>
                <div style={{ inlineSize: 80, borderRadius: 6, overflow: 'hidden' }}>
                  <ContentPreview item={item} height={56} />
                </div>
              </Table.Td>
              <Table.Td>
                <Text fw={600} data-testid="content-title">
                  {item.title}
                </Text>
              </Table.Td>
              <Table.Td>{t(`content.types.${item.type}`)}</Table.Td>
              <Table.Td>
                <Labels item={item} />
              </Table.Td>
              <Table.Td>
                <Moment at={item.updated_at} style="day" />
              </Table.Td>
              <Table.Td>
                <Actions item={item} {...props} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
