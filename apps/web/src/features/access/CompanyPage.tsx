import { ActionIcon, Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { type Company, companyInputSchema, MAX_CONTACT_PERSONS } from '@risala/shared/schemas/company';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../components/country/CountrySelect.tsx';
import { ApiErrorAlert } from '../../components/page/ApiErrorAlert.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { SectionSkeleton } from '../../components/page/Skeletons.tsx';
import { isApiError } from '../../lib/http.ts';
import { translateMessage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useSingleFlight } from '../../lib/single-flight.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { useCompany, useSaveCompany } from './api/company.ts';

interface Contact {
  name: string;
  email: string;
  phone: string;
}
interface Values {
  customer_name: string;
  customer_short_name: string;
  country: string | null;
  city: string;
  street: string;
  cr_number: string;
  vat_number: string;
  support_email: string;
  contact_persons: Contact[];
}
type TextField = Exclude<keyof Values, 'country' | 'contact_persons'>;

const initial = (c: Company): Values => ({
  customer_name: c.customer_name,
  customer_short_name: c.customer_short_name ?? '',
  country: c.country,
  city: c.city ?? '',
  street: c.street ?? '',
  cr_number: c.cr_number ?? '',
  vat_number: c.vat_number ?? '',
  support_email: c.support_email ?? '',
  contact_persons: c.contact_persons.map((p) => ({ name: p.name, email: p.email ?? '', phone: p.phone ?? '' })),
});

/** Messages by dotted path ("vat_number", "contact_persons.1.email"), first one per path. */
function byPath(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_form';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** /company: the company profile (owners and admins change it; invoices will carry it). */
export function CompanyPage() {
  const { t } = useTranslation();
  const company = useCompany();
  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={1} size="h2">
          {t('company.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('company.intro')}
        </Text>
      </div>
      {company.isPending ? (
        <SectionSkeleton />
      ) : company.isError ? (
        <LoadError error={company.error} onRetry={() => void company.refetch()} />
      ) : (
        <CompanyForm company={company.data} />
      )}
    </Stack>
  );
}

function CompanyForm({ company }: { company: Company }) {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const editable = can(permissions, 'company', 'update');
  const [values, setValues] = useState<Values>(() => initial(company));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<unknown>();
  const save = useSaveCompany();
  const once = useSingleFlight();

  const clear = (key: string) => setErrors((e) => (e[key] ? { ...e, [key]: '' } : e));
  const text = (key: TextField) => ({
    value: values[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
      clear(key);
    },
    error: translateMessage(errors[key]) || undefined,
    readOnly: !editable,
    'data-testid': `company-${key}`,
  });
  const setContact = (i: number, key: keyof Contact, value: string) => {
    setValues((v) => ({ ...v, contact_persons: v.contact_persons.map((p, j) => (j === i ? { ...p, [key]: value } : p)) }));
    clear(`contact_persons.${i}.${key}`);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = companyInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(byPath(parsed.error.issues));
      return;
    }
    setErrors({});
    setFormError(undefined);
    await once(async () => {
      try {
        const saved = await save.mutateAsync(values);
        setValues(initial(saved));
        showSuccessToast('company.saved');
      } catch (err) {
        if (!isApiError(err)) throw err;
        const fields = Object.fromEntries((err.errors ?? []).filter((f) => f.field).map((f) => [f.field as string, f.message]));
        setErrors(fields);
        if (Object.keys(fields).length === 0) setFormError(err);
      }
    });
  }

  return (
    <form onSubmit={submit} noValidate data-testid="company-form">
      <Stack gap="md">
        {!editable && <Alert color="gray">{t('company.readOnly')}</Alert>}
        <Card withBorder radius="md" component="fieldset" style={{ margin: 0, minInlineSize: 0 }}>
          <Text component="legend" fw={600} px={4}>
            {t('company.sections.identity')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('company.name')} required maxLength={200} {...text('customer_name')} />
            <TextInput
              label={t('company.shortName')}
              description={t('company.shortNameHint')}
              maxLength={50}
              {...text('customer_short_name')}
            />
            <TextInput
              label={t('company.supportEmail')}
              description={t('company.supportEmailHint')}
              type="email"
              dir="ltr"
              maxLength={254}
              {...text('support_email')}
            />
          </SimpleGrid>
        </Card>
        <Card withBorder radius="md" component="fieldset" style={{ margin: 0, minInlineSize: 0 }}>
          <Text component="legend" fw={600} px={4}>
            {t('company.sections.address')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CountrySelect
              label={t('company.country')}
              placeholder={t('company.countryPlaceholder')}
              value={values.country}
              onChange={(country) => {
                setValues((v) => ({ ...v, country }));
                clear('vat_number');
              }}
              readOnly={!editable}
              error={translateMessage(errors.country) || undefined}
              data-testid="company-country"
            />
            <TextInput label={t('company.city')} maxLength={100} {...text('city')} />
            <TextInput label={t('company.street')} maxLength={200} {...text('street')} />
          </SimpleGrid>
        </Card>
        <Card withBorder radius="md" component="fieldset" style={{ margin: 0, minInlineSize: 0 }}>
          <Text component="legend" fw={600} px={4}>
            {t('company.sections.registration')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('company.crNumber')} inputMode="numeric" dir="ltr" maxLength={20} {...text('cr_number')} />
            <TextInput
              label={t('company.vatNumber')}
              description={values.country === 'SA' ? t('company.vatHintSa') : undefined}
              inputMode="numeric"
              dir="ltr"
              maxLength={20}
              {...text('vat_number')}
            />
          </SimpleGrid>
        </Card>
        <Card withBorder radius="md" component="fieldset" style={{ margin: 0, minInlineSize: 0 }}>
          <Text component="legend" fw={600} px={4}>
            {t('company.sections.contacts')}
          </Text>
          <Stack gap="sm">
            {values.contact_persons.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('company.contact.none')}
              </Text>
            )}
            {values.contact_persons.map((person, i) => {
              const field = (key: keyof Contact) => ({
                value: person[key],
                onChange: (e: { currentTarget: { value: string } }) => setContact(i, key, e.currentTarget.value),
                error: translateMessage(errors[`contact_persons.${i}.${key}`]) || undefined,
                readOnly: !editable,
                'data-testid': `company-contact-${i}-${key}`,
              });
              return (
                <Card key={i} withBorder padding="sm" role="group" aria-labelledby={`contact-${i}-title`}>
                  <Group justify="space-between" mb={4}>
                    <Text id={`contact-${i}-title`} size="sm" fw={600}>
                      {t('company.contact.title', { number: i + 1 })}
                    </Text>
                    {editable && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('company.contact.remove', { number: i + 1 })}
                        onClick={() => setValues((v) => ({ ...v, contact_persons: v.contact_persons.filter((_, j) => j !== i) }))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <TextInput label={t('company.contact.name')} required maxLength={100} {...field('name')} />
                    <TextInput label={t('company.contact.email')} type="email" dir="ltr" maxLength={254} {...field('email')} />
                    <TextInput
                      label={t('company.contact.phone')}
                      description={t('company.contact.phoneHint')}
                      type="tel"
                      dir="ltr"
                      maxLength={30}
                      {...field('phone')}
                    />
                  </SimpleGrid>
                </Card>
              );
            })}
            {editable && values.contact_persons.length < MAX_CONTACT_PERSONS && (
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                style={{ alignSelf: 'flex-start' }}
                onClick={() => setValues((v) => ({ ...v, contact_persons: [...v.contact_persons, { name: '', email: '', phone: '' }] }))}
                data-testid="company-contact-add"
              >
                {t('company.contact.add')}
              </Button>
            )}
            {values.contact_persons.length >= MAX_CONTACT_PERSONS && (
              <Text size="xs" c="dimmed">
                {t('company.contact.max')}
              </Text>
            )}
          </Stack>
        </Card>
        {formError !== undefined && <ApiErrorAlert error={formError} fallback={t('errors.INTERNAL_ERROR')} testId="company-error" />}
        {editable && (
          <Group>
            <Button type="submit" loading={save.isPending} data-testid="company-save">
              {t('company.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
