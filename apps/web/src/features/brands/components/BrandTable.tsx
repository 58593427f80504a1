import { ActionIcon, Anchor, Avatar, ColorSwatch, Group, Table, Text, Tooltip } from '@mantine/core';
import type { Brand } from '@risala/shared/schemas/brands';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Moment } from '../../../components/time/Moment.tsx';
import { languageName } from '../../../lib/i18n.ts';
import { ListCards, usePhone } from '../../../components/list/index.ts';
import { UserText } from '../../../components/text/UserText.tsx';

interface Props {
  brands: Brand[];
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (brand: Brand) => void;
  onDelete: (brand: Brand) => void;
}

export function BrandTable({ brands, canEdit, canDelete, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const phone = usePhone();
  const actions = (brand: Brand) => (
    <>
      {canEdit && (
        <Tooltip label={t('brands.actions.edit')}>
          <ActionIcon variant="subtle" aria-label={t('brands.actions.edit')} onClick={() => onEdit(brand)} data-testid="brand-edit">
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip label={t('brands.actions.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('brands.actions.delete')}
            onClick={() => onDelete(brand)}
            data-testid="brand-delete"
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </>
  );
  const colors = (brand: Brand) => (
    <Group gap={4}>
      {brand.colors.length === 0 ? '—' : brand.colors.map((c) => <ColorSwatch key={c} color={c} size={18} title={c} />)}
    </Group>
  );
  if (phone) {
    return (
      <ListCards
        items={brands}
        itemKey={(b) => b.id}
        label={t('brands.title')}
        testId="brand-cards"
        rowTestId="brand-row"
        leading={(brand) => (
          <Avatar src={brand.logo} radius="md" size={40} alt="" color="blue">
            {brand.name.slice(0, 1)}
          </Avatar>
        )}
        title={(brand) => (
          <span data-testid="brand-row-name">
            <UserText>{brand.name}</UserText>
          </span>
        )}
        subtitle={(brand) =>
          brand.website && (
            <Anchor href={brand.website} target="_blank" rel="noopener noreferrer" size="xs" className="ltr-value">
              {brand.website.replace(/^https?:\/\//, '')}
            </Anchor>
          )
        }
        lines={(brand) => [
          brand.industry && { label: t('brands.fields.industry'), value: <UserText>{brand.industry}</UserText> },
          brand.colors.length > 0 && { label: t('brands.fields.colors'), value: colors(brand) },
          { label: t('brands.fields.default_language'), value: languageName(brand.default_language) },
          { label: t('brands.fields.content_count'), value: brand.content_count },
        ]}
        actions={(brand) => (canEdit || canDelete) && actions(brand)}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="brand-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('brands.fields.name')}</Table.Th>
            <Table.Th>{t('brands.fields.industry')}</Table.Th>
            <Table.Th>{t('brands.fields.colors')}</Table.Th>
            <Table.Th>{t('brands.fields.default_language')}</Table.Th>
            <Table.Th>{t('brands.fields.content_count')}</Table.Th>
            <Table.Th>{t('brands.fields.created_at')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {brands.map((brand) => (
            <Table.Tr key={brand.id} data-testid="brand-row">
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={brand.logo} radius="md" size={40} alt="" color="blue">
                    {brand.name.slice(0, 1)}
                  </Avatar>
                  <div>
                    <Text fw={600} data-testid="brand-row-name">
                      {brand.name}
                    </Text>
                    {brand.website && (
                      <Anchor href={brand.website} target="_blank" rel="noopener noreferrer" size="xs" className="ltr-value">
                        {brand.website.replace(/^https?:\/\//, '')}
                      </Anchor>
                    )}
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>{brand.industry || '—'}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {brand.colors.length === 0 ? '—' : brand.colors.map((c) => <ColorSwatch key={c} color={c} size={18} title={c} />)}
                </Group>
              </Table.Td>
              <Table.Td>{languageName(brand.default_language)}</Table.Td>
              <Table.Td>{brand.content_count}</Table.Td>
              <Table.Td>
                <Moment at={brand.created_at} style="day" />
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {actions(brand)}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
