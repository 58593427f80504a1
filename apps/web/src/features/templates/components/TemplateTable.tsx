import { Anchor, Badge, Table, Text, UnstyledButton } from '@mantine/core';
import type { Template } from '@risala/shared/schemas/templates';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { StatusBadge } from './StatusBadge.tsx';
import { backState } from '../../../components/page/BackLink.tsx';
import { Moment } from '../../../components/time/Moment.tsx';
import { UserText } from '../../../components/text/UserText.tsx';
import { ListCards, usePhone } from '../../../components/list/index.ts';

export function TemplateTable({ items }: { items: Template[] }) {
  const location = useLocation();
  const { t } = useTranslation();
  const phone = usePhone();
  if (phone) {
    return (
      <ListCards
        items={items}
        itemKey={(tpl) => tpl.id}
        label={t('templates.title')}
        testId="template-cards"
        rowTestId="template-row"
        rowData={(tpl) => ({ 'data-id': tpl.id })}
        title={(tpl) => (
          <Anchor component={Link} to={`/template/edit/${tpl.id}`} state={backState(location)} fw={600}>
            <UserText>{tpl.template_name}</UserText>
          </Anchor>
        )}
        subtitle={(tpl) => tpl.subject && <UserText testId="template-subject">{tpl.subject}</UserText>}
        badge={(tpl) => <StatusBadge status={tpl.status} />}
        lines={(tpl) => [
          { label: t('templates.list.columns.channel'), value: t(`templates.channel.${tpl.message_type}`) },
          { label: t('templates.list.columns.category'), value: t(`templates.category.${tpl.category}`) },
          { label: t('templates.list.columns.updated'), value: <Moment at={tpl.updated_at} /> },
        ]}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="sm" data-testid="template-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('templates.list.columns.name')}</Table.Th>
            <Table.Th>{t('templates.list.columns.channel')}</Table.Th>
            <Table.Th>{t('templates.list.columns.category')}</Table.Th>
            <Table.Th>{t('templates.list.columns.status')}</Table.Th>
            <Table.Th>{t('templates.list.columns.updated')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((tpl) => (
            <Table.Tr key={tpl.id} data-testid="template-row" data-id={tpl.id}>
              <Table.Td>
                <UnstyledButton component={Link} to={`/template/edit/${tpl.id}`} state={backState(location)}>
                  <Text fw={600} size="sm" c="blue">
                    <UserText>{tpl.template_name}</UserText>
                  </Text>
                </UnstyledButton>
                {tpl.subject && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    <UserText testId="template-subject">{tpl.subject}</UserText>
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant="outline" color="gray">
                  {t(`templates.channel.${tpl.message_type}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{t(`templates.category.${tpl.category}`)}</Table.Td>
              <Table.Td>
                <StatusBadge status={tpl.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  <Moment at={tpl.updated_at} />
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
