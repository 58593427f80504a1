import { Anchor, Badge, Checkbox, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { Customer } from '@risala/shared/schemas/customers';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { CustomerListParams } from '../api/get-customers.ts';
import { backState } from '../../../components/page/BackLink.tsx';
import { Moment } from '../../../components/time/Moment.tsx';
import { countryName } from '../../../lib/countries.ts';
import { UserText } from '../../../components/text/UserText.tsx';
import { ListCards, usePhone } from '../../../components/list/index.ts';

type Sort = Pick<CustomerListParams, 'sort' | 'order'>;

function SortHeader({ label, column, sort, onSort }: { label: string; column: Sort['sort']; sort: Sort; onSort: (s: Sort) => void }) {
  const active = sort.sort === column;
  const Icon = active ? (sort.order === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort({ sort: column, order: active && sort.order === 'asc' ? 'desc' : 'asc' })}
        data-testid={`customer-sort-${column}`}
      >
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Icon size={14} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export const customerName = (c: Pick<Customer, 'first_name' | 'last_name'>) => [c.first_name, c.last_name].filter(Boolean).join(' ');

export function ConsentBadges({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const granted = (['email', 'sms', 'whatsapp'] as const).filter((ch) => customer.consent[ch].granted);
  if (!granted.length)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={4}>
      {granted.map((ch) => (
        <Badge key={ch} size="sm" variant="light" color="teal">
          {t(`customers.consent.${ch}`)}
        </Badge>
      ))}
    </Group>
  );
}

/** The customers of one page, with row selection and sortable columns. */
export function CustomerTable(props: {
  customers: Customer[];
  selected: Set<number>;
  onSelect: (ids: number[], on: boolean) => void;
  sort: Sort;
  onSort: (s: Sort) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { customers, selected } = props;
  const phone = usePhone();
  const all = customers.length > 0 && customers.every((c) => selected.has(c.id));
  const some = customers.some((c) => selected.has(c.id));
  const cell = (c: Customer, node: ReactNode) => (
    <Table.Td style={{ cursor: 'pointer' }} onClick={() => navigate(`/customer/${c.id}`, { state: backState(location) })}>
      {node}
    </Table.Td>
  );
  const selectPage = (
    <Checkbox
      aria-label={t('customers.list.selectPage')}
      checked={all}
      indeterminate={some && !all}
      onChange={(e) =>
        props.onSelect(
          customers.map((c) => c.id),
          e.currentTarget.checked,
        )
      }
      data-testid="customer-select-page"
    />
  );
  const nameLink = (c: Customer) => (
    // a real link: reachable by keyboard, and opens in a new tab on a middle click
    <Anchor
      component={Link}
      to={`/customer/${c.id}`}
      state={backState(location)}
      fw={500}
      size="sm"
      c="inherit"
      // a name keeps a readable width; the email gives way (it is cut with its whole text on hover)
      miw={140}
      display="inline-block"
      onClick={(e) => e.stopPropagation()}
    >
      {customerName(c) ? <UserText>{customerName(c)}</UserText> : '—'}
    </Anchor>
  );
  if (phone) {
    return (
      <Stack gap="xs">
        <Checkbox
          label={t('customers.list.selectPage')}
          checked={all}
          indeterminate={some && !all}
          onChange={(e) =>
            props.onSelect(
              customers.map((c) => c.id),
              e.currentTarget.checked,
            )
          }
          data-testid="customer-select-page"
        />
        <ListCards
          items={customers}
          itemKey={(c) => c.id}
          label={t('customers.title')}
          testId="customer-cards"
          rowTestId="customer-row"
          leading={(c) => (
            <Checkbox
              aria-label={t('customers.list.selectRow')}
              checked={selected.has(c.id)}
              onChange={(e) => props.onSelect([c.id], e.currentTarget.checked)}
            />
          )}
          title={nameLink}
          lines={(c) => [
            c.mobile_number && { label: t('customers.fields.mobile_number'), value: <bdi dir="ltr">{c.mobile_number}</bdi> },
            c.email && { label: t('customers.fields.email'), value: <bdi dir="ltr">{c.email}</bdi> },
            c.country && { label: t('customers.fields.country'), value: countryName(c.country) },
            { label: t('customers.fields.consent'), value: <ConsentBadges customer={c} /> },
          ]}
        />
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>{selectPage}</Table.Th>
            <SortHeader label={t('customers.fields.name')} column="name" sort={props.sort} onSort={props.onSort} />
            <Table.Th>{t('customers.fields.mobile_number')}</Table.Th>
            <Table.Th>{t('customers.fields.email')}</Table.Th>
            <SortHeader label={t('customers.fields.country')} column="country" sort={props.sort} onSort={props.onSort} />
            <Table.Th>{t('customers.fields.tags')}</Table.Th>
            <Table.Th>{t('customers.fields.consent')}</Table.Th>
            <SortHeader label={t('customers.fields.created_at')} column="created_at" sort={props.sort} onSort={props.onSort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers.map((c) => (
            <Table.Tr key={c.id} data-testid="customer-row" bg={selected.has(c.id) ? 'var(--mantine-primary-color-light)' : undefined}>
              <Table.Td>
                <Checkbox
                  aria-label={t('customers.list.selectRow')}
                  checked={selected.has(c.id)}
                  onChange={(e) => props.onSelect([c.id], e.currentTarget.checked)}
                />
              </Table.Td>
              {cell(c, nameLink(c))}
              {cell(
                c,
                <Text size="sm" className="ltr-value" style={{ whiteSpace: 'nowrap' }}>
                  {c.mobile_number ?? '—'}
                </Text>,
              )}
              {cell(
                c,
                <Text size="sm" className="ltr-value" truncate="end" maw={220} title={c.email ?? undefined}>
                  {c.email ?? '—'}
                </Text>,
              )}
              {cell(c, c.country ? countryName(c.country) : '—')}
              {cell(
                c,
                <Group gap={4}>
                  {c.tags.slice(0, 3).map((tag) => (
                    <Badge key={tag} size="sm" variant="outline" tt="none">
                      {tag}
                    </Badge>
                  ))}
                  {c.tags.length > 3 && (
                    <Text size="xs" c="dimmed">
                      +{c.tags.length - 3}
                    </Text>
                  )}
                </Group>,
              )}
              {cell(c, <ConsentBadges customer={c} />)}
              {cell(
                c,
                <Text size="sm">
                  <Moment at={c.created_at} style="day" />
                </Text>,
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
