import { Alert, Button, Grid, Group, Modal, Select, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { type Customer, type CustomerInput, countryDialCodes, customerInputSchema } from '@risala/shared/schemas/customers';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country/CountrySelect.tsx';
import { apiFieldErrors, zodFieldErrors } from '../../../lib/forms.ts';
import { isApiError } from '../../../lib/http.ts';
import { translateMessage, languageOptions } from '../../../lib/i18n.ts';
import { useSingleFlight } from '../../../lib/single-flight.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useSaveCustomer } from '../api/customer.ts';
import { splitMobile } from '../phone.ts';

const CHANNELS = ['email', 'sms', 'whatsapp'] as const;
const FIELDS = ['first_name', 'last_name', 'mobile_number', 'email', 'language', 'country', 'city', 'tags', 'brand_id'];

interface State {
  first_name: string;
  last_name: string;
  dial: string;
  national: string;
  email: string;
  language: 'en' | 'ar';
  country: string;
  city: string;
  tags: string[];
  consent: Record<(typeof CHANNELS)[number], { granted: boolean; source: string }>;
}

function initial(c: Customer | null): State {
  const phone = splitMobile(c?.mobile_number ?? null);
  return {
    first_name: c?.first_name ?? '',
    last_name: c?.last_name ?? '',
    dial: phone.dial,
    national: phone.national,
    email: c?.email ?? '',
    language: c?.language ?? 'en',
    country: c?.country ?? '',
    city: c?.city ?? '',
    tags: c?.tags ?? [],
    consent: {
      email: { granted: c?.consent.email.granted ?? false, source: c?.consent.email.source ?? '' },
      sms: { granted: c?.consent.sms.granted ?? false, source: c?.consent.sms.source ?? '' },
      whatsapp: { granted: c?.consent.whatsapp.granted ?? false, source: c?.consent.whatsapp.source ?? '' },
    },
  };
}

/** Create or edit a customer: phone with its country code, consent switches per channel with source. */
export function CustomerFormModal({ customer, opened, onClose }: { customer: Customer | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [s, setS] = useState<State>(() => initial(customer));
  const save = useSaveCustomer();
  const once = useSingleFlight();
  const dialCodes = useMemo(
    () => countryDialCodes().map((d) => ({ value: `${d.country}:${d.code}`, label: `${d.country} +${d.code}` })),
    [],
  );
  // checked here with the shared schema first, so every wrong field shows at once (the server checks again)
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const set = (patch: Partial<State>) => {
    setS((cur) => ({ ...cur, ...patch }));
    // an edit clears that field's message (the phone is two inputs) and the form's
    const edited = Object.keys(patch).map((k) => (k === 'national' || k === 'dial' ? 'mobile_number' : k));
    setInvalid((cur) => Object.fromEntries(Object.entries(cur).filter(([k]) => !edited.includes(k) && k !== '_form')));
  };
  const server = save.error && isApiError(save.error) ? apiFieldErrors(save.error, FIELDS) : null;
  const errors = Object.keys(invalid).length
    ? {
        fields: Object.fromEntries(Object.entries(invalid).map(([k, v]) => [k, translateMessage(v) ?? v])),
        form: translateMessage(invalid._form),
      }
    : server;

  const submit = () => {
    const national = s.national.trim();
    const input: CustomerInput = {
      first_name: s.first_name || null,
      last_name: s.last_name || null,
      mobile_number: national ? (national.startsWith('+') ? national : `+${s.dial.split(':')[1]}${national.replace(/^0+/, '')}`) : null,
      email: s.email || null,
      language: s.language,
      country: s.country || null,
      city: s.city || null,
      tags: s.tags,
      consent: Object.fromEntries(CHANNELS.map((ch) => [ch, { granted: s.consent[ch].granted, source: s.consent[ch].source || null }])),
    };
    const checked = customerInputSchema.safeParse(input);
    const problems = checked.success ? {} : zodFieldErrors(checked.error);
    if (!input.mobile_number && !input.email) problems._form = 'errors.CUSTOMER_CONTACT_REQUIRED';
    setInvalid(problems);
    if (Object.keys(problems).length) return;
    // one save per click: a double-click must not create the customer twice
    once((done) => {
      save.reset();
      save.mutate(
        { id: customer?.id, input },
        {
          onSuccess: () => {
            showSuccessToast(customer ? 'customers.form.updated' : 'customers.form.created');
            onClose();
          },
          onSettled: done,
        },
      );
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      centered
      title={t(customer ? 'customers.form.editTitle' : 'customers.form.newTitle')}
    >
      <Stack data-testid="customer-form">
        {errors?.form && (
          <Alert color="red" variant="light" data-testid="customer-form-error">
            {errors.form}
          </Alert>
        )}
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('customers.fields.first_name')}
              value={s.first_name}
              onChange={(e) => set({ first_name: e.currentTarget.value })}
              error={errors?.fields.first_name}
              data-testid="customer-first-name"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('customers.fields.last_name')}
              value={s.last_name}
              onChange={(e) => set({ last_name: e.currentTarget.value })}
              error={errors?.fields.last_name}
              data-testid="customer-last-name"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 5, sm: 4 }}>
            <Select
              label={t('customers.fields.dialCode')}
              data={dialCodes}
              value={s.dial}
              onChange={(v) => v && set({ dial: v })}
              searchable
              allowDeselect={false}
              data-testid="customer-dial"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 7, sm: 8 }}>
            <TextInput
              label={t('customers.fields.mobile_number')}
              value={s.national}
              onChange={(e) => set({ national: e.currentTarget.value })}
              error={errors?.fields.mobile_number}
              dir="ltr"
              inputMode="tel"
              data-testid="customer-mobile"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('customers.fields.email')}
              value={s.email}
              onChange={(e) => set({ email: e.currentTarget.value })}
              error={errors?.fields.email}
              dir="ltr"
              data-testid="customer-email"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('customers.fields.language')}
              data={languageOptions()}
              value={s.language}
              onChange={(v) => set({ language: v === 'ar' ? 'ar' : 'en' })}
              allowDeselect={false}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 5 }}>
            <CountrySelect
              label={t('customers.fields.country')}
              value={s.country || null}
              onChange={(country) => set({ country: country ?? '' })}
              error={errors?.fields.country}
              data-testid="customer-country"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 7 }}>
            <TextInput
              label={t('customers.fields.city')}
              value={s.city}
              onChange={(e) => set({ city: e.currentTarget.value })}
              error={errors?.fields.city}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TagsInput label={t('customers.fields.tags')} value={s.tags} onChange={(tags) => set({ tags })} error={errors?.fields.tags} />
          </Grid.Col>
        </Grid>
        <Text fw={600} size="sm">
          {t('customers.fields.consent')}
        </Text>
        {CHANNELS.map((ch) => (
          <Group key={ch} align="flex-end" grow>
            <Switch
              label={t(`customers.consent.${ch}`)}
              checked={s.consent[ch].granted}
              onChange={(e) => set({ consent: { ...s.consent, [ch]: { ...s.consent[ch], granted: e.currentTarget.checked } } })}
              data-testid={`customer-consent-${ch}`}
            />
            <TextInput
              size="xs"
              label={t('customers.fields.consentSource')}
              placeholder={t('customers.form.sourcePlaceholder')}
              value={s.consent[ch].source}
              onChange={(e) => set({ consent: { ...s.consent, [ch]: { ...s.consent[ch], source: e.currentTarget.value } } })}
            />
          </Group>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('customers.actions.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="customer-save">
            {t('customers.actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
