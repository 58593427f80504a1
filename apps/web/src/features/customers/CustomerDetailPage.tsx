import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadError } from '../../components/page/LoadError.tsx';
import { isNotFound, NotFoundNote, routeId } from '../../components/page/NotFoundNote.tsx';
import { PageLoader } from '../../components/page/PageLoader.tsx';
import { isolate, languageName } from '../../lib/i18n.ts';
import { useTimeFormat } from '../../lib/time.ts';
import { useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { useCustomer, useDeleteCustomer } from './api/customer.ts';
import { CustomerFormModal } from './components/CustomerFormModal.tsx';
import { customerName } from './components/CustomerTable.tsx';
import { BackLink } from '../../components/page/BackLink.tsx';
import { countryName } from '../../lib/countries.ts';

function Field({ label, value, ltr }: { label: string; value: ReactNode; ltr?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text className={ltr ? 'ltr-value' : undefined}>{value || '—'}</Text>
    </div>
  );
}

/** /customer/:id — one customer: fields, consent with source and time, edit and delete. */
export function CustomerDetailPage() {
  const { t } = useTranslation();
  const id = routeId(useParams().id);
  const navigate = useNavigate();
  const { permissions } = useSession();
  const customer = useCustomer(id ?? 0); // disabled for an address that names no customer
  const remove = useDeleteCustomer();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const date = useTimeFormat().moment;

  const back = <BackLink to="/customer" label={t('customers.detail.back')} testId="customer-back" />;
  if (id === null || isNotFound(customer.error)) return <NotFoundNote back={back} text={t('customers.detail.notFound')} />;
  if (customer.isPending) return <PageLoader />;
  if (customer.isError) {
    return (
      <Stack>
        {back}
        <LoadError error={customer.error} onRetry={() => void customer.refetch()} />
      </Stack>
    );
  }
  const c = customer.data;
  const attributes = Object.entries(c.attributes);

  return (
    <Stack gap="lg" maw={900} data-testid="customer-detail">
      {back}
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2" data-testid="customer-detail-name">
            {customerName(c) || c.email || c.mobile_number}
          </Title>
          <Text c="dimmed" size="sm">
            {t('customers.detail.since', { date: date(c.created_at) })}
          </Text>
        </div>
        <Group gap="xs">
          {can(permissions, 'customer', 'update') && (
            <Button variant="default" onClick={() => setEditing(true)} data-testid="customer-edit">
              {t('customers.actions.edit')}
            </Button>
          )}
          {can(permissions, 'customer', 'delete') && (
            <Button color="red" variant="light" onClick={() => setDeleting(true)} data-testid="customer-delete">
              {t('customers.actions.delete')}
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder p="lg" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label={t('customers.fields.mobile_number')} value={c.mobile_number} ltr />
          <Field label={t('customers.fields.email')} value={c.email} ltr />
          <Field label={t('customers.fields.language')} value={c.language ? languageName(c.language) : null} />
          <Field
            label={t('customers.fields.country')}
            value={[c.city, c.country && countryName(c.country)].filter(Boolean).join(t('common.listSeparator'))}
          />
          <Field
            label={t('customers.fields.tags')}
            value={
              c.tags.length ? (
                <Group gap={4} component="span">
                  {c.tags.map((tag) => (
                    <Badge key={tag} variant="outline" size="sm" tt="none">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              ) : null
            }
          />
          <Field label={t('customers.fields.updated_at')} value={date(c.updated_at)} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t('customers.fields.consent')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {(['email', 'sms', 'whatsapp'] as const).map((ch) => (
            <div key={ch} data-testid={`customer-consent-state-${ch}`}>
              <Group gap="xs">
                <Text fw={600}>{t(`customers.consent.${ch}`)}</Text>
                <Badge color={c.consent[ch].granted ? 'teal' : 'gray'} variant="light">
                  {t(c.consent[ch].granted ? 'customers.consent.granted' : 'customers.consent.notGranted')}
                </Badge>
              </Group>
              {c.consent[ch].at && (
                <Text size="xs" c="dimmed" data-testid={`customer-consent-changed-${ch}`}>
                  {/* the source (often Latin) and the date are isolated, so an Arabic line keeps its order */}
                  {t('customers.consent.changed', { source: isolate(c.consent[ch].source ?? '—'), date: isolate(date(c.consent[ch].at)) })}
                </Text>
              )}
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      {attributes.length > 0 && (
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('customers.fields.attributes')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {attributes.map(([k, v]) => (
              <Field key={k} label={k} value={String(v ?? '')} />
            ))}
          </SimpleGrid>
        </Paper>
      )}
      {editing && <CustomerFormModal customer={c} opened onClose={() => setEditing(false)} />}
      <Modal opened={deleting} onClose={() => setDeleting(false)} title={t('customers.detail.deleteTitle')} centered>
        <Stack>
          <Text>{t('customers.detail.deleteConfirm', { name: customerName(c) || isolate(c.email || c.mobile_number || '') })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              {t('customers.actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              data-testid="customer-delete-confirm"
              onClick={() =>
                remove.mutate(c.id, {
                  onSuccess: () => {
                    showSuccessToast('customers.detail.deleted');
                    navigate('/customer');
                  },
                })
              }
            >
              {t('customers.actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
