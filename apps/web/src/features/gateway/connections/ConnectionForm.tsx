import {
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import {
  BIND_MODES,
  type Connection,
  type ConnectionType,
  createConnectionSchema,
  updateConnectionSchema,
} from '@risala/shared/schemas/gateway-connections';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useRoutingForm } from '../routing-form.ts';
import { useConnectionMutations } from './api/change-connection.ts';

const TEXT = [
  'connection_name',
  'sender_id',
  'host',
  'system_id',
  'password',
  'system_type',
  'address_range',
  'post_url',
  'listen_url',
  'http_username',
  'http_password',
  'proxy_host',
  'proxy_username',
  'proxy_password',
] as const;
const NUMBERS = [
  'port',
  'source_ton',
  'source_npi',
  'dest_ton',
  'dest_npi',
  'bind_timeout_s',
  'response_timeout_s',
  'reconnect_delay_s',
  'retry_count',
  'enquire_link_interval_s',
  'window_size',
  'message_per_second',
  'arabic_sms_length',
  'english_sms_length',
  'proxy_port',
] as const;
const FIELDS = ['type', 'bind_mode', ...TEXT, ...NUMBERS];
type Draft = Record<(typeof TEXT)[number], string> &
  Record<(typeof NUMBERS)[number], number | string> & { type: ConnectionType; bind_mode: string };

const DEFAULTS: Draft = {
  type: 'smpp',
  bind_mode: 'transceiver',
  connection_name: '',
  sender_id: '',
  host: '',
  system_id: '',
  password: '',
  system_type: '',
  address_range: '',
  post_url: '',
  listen_url: '',
  http_username: '',
  http_password: '',
  proxy_host: '',
  proxy_username: '',
  proxy_password: '',
  port: 2775,
  source_ton: 5,
  source_npi: 0,
  dest_ton: 1,
  dest_npi: 1,
  bind_timeout_s: 30,
  response_timeout_s: 30,
  reconnect_delay_s: 10,
  retry_count: 3,
  enquire_link_interval_s: 30,
  window_size: 10,
  message_per_second: 100,
  arabic_sms_length: 70,
  english_sms_length: 160,
  proxy_port: '',
};

function fromConnection(c: Connection): Draft {
  const d = { ...DEFAULTS, type: c.type, bind_mode: c.bind_mode } as Draft;
  for (const k of TEXT) if (k in c) d[k] = ((c as unknown as Record<string, string | null>)[k] ?? '') as string;
  for (const k of NUMBERS) d[k] = (c as unknown as Record<string, number | null>)[k] ?? '';
  return d;
}

/** The body for the API: only the fields of the chosen type, blanks as null. */
function toBody(d: Draft) {
  const smpp = [
    'host',
    'port',
    'system_id',
    'password',
    'system_type',
    'bind_mode',
    'source_ton',
    'source_npi',
    'dest_ton',
    'dest_npi',
    'address_range',
    'bind_timeout_s',
    'response_timeout_s',
    'reconnect_delay_s',
    'retry_count',
    'enquire_link_interval_s',
    'window_size',
  ];
  const http = ['post_url', 'listen_url', 'http_username', 'http_password', 'proxy_host', 'proxy_port', 'proxy_username', 'proxy_password'];
  const keys = [
    'type',
    'connection_name',
    'sender_id',
    'message_per_second',
    'arabic_sms_length',
    'english_sms_length',
    ...(d.type === 'smpp' ? smpp : http),
  ];
  return Object.fromEntries(keys.map((k) => [k, (d as Record<string, unknown>)[k] === '' ? null : (d as Record<string, unknown>)[k]]));
}

/** Create or edit an SMPP or HTTP connection: grouped fields, inline validation with the shared schemas and the server's §5 errors. */
export function ConnectionForm({
  connection,
  onDone,
  onCancel,
}: {
  connection: Connection | null;
  onDone: (c: Connection) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(connection ? fromConnection(connection) : DEFAULTS);
  const form = useRoutingForm(FIELDS);
  const { save } = useConnectionMutations();
  const set = (key: keyof Draft, value: string | number) => setDraft((d) => ({ ...d, [key]: value }));
  const formRef = useRef<HTMLFormElement>(null);
  // each refusal counts: the effect below brings its message to where the user is
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    const root = formRef.current;
    // the first field in error (its input takes the focus), else the message beside the Save button
    const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = field ?? root?.querySelector<HTMLElement>('[data-testid="form-error"]');
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field?.focus({ preventScroll: true });
  }, [refusals]);
  const label = (k: string) => t(`gateway.connections.fields.${k}`);
  const text = (k: (typeof TEXT)[number], props: Record<string, unknown> = {}) => (
    <TextInput
      key={k}
      label={label(k)}
      value={draft[k]}
      error={form.error(k)}
      onChange={(e) => set(k, e.currentTarget.value)}
      data-testid={`connection-field-${k}`}
      {...props}
    />
  );
  const secret = (k: 'password' | 'http_password' | 'proxy_password', isSet: boolean | undefined, required = false) => (
    <PasswordInput
      key={k}
      label={label(k)}
      value={draft[k]}
      error={form.error(k)}
      required={required && !isSet}
      autoComplete="new-password"
      description={isSet ? t('gateway.connections.passwordSet') : undefined}
      onChange={(e) => set(k, e.currentTarget.value)}
      data-testid={`connection-field-${k}`}
    />
  );
  const num = (k: (typeof NUMBERS)[number], props: Record<string, unknown> = {}) => (
    <NumberInput
      key={k}
      label={label(k)}
      value={draft[k]}
      error={form.error(k)}
      allowDecimal={false}
      clampBehavior="none"
      min={0}
      max={k === 'port' || k === 'proxy_port' ? 65535 : 9999}
      onChange={(v) => set(k, v)}
      data-testid={`connection-field-${k}`}
      {...props}
    />
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = toBody(draft);
    const input = connection ? form.check(updateConnectionSchema, body) : form.check(createConnectionSchema, body);
    if (!input) return setRefusals((n) => n + 1);
    try {
      const saved = await save.mutateAsync({ id: connection?.id ?? null, input });
      showSuccessToast(connection ? 'gateway.connections.updated' : 'gateway.connections.created');
      onDone(saved);
    } catch (err) {
      // a taken name belongs at the name field, not in a message far from it
      if (isApiError(err) && err.code === 'CONNECTION_NAME_EXISTS' && !err.errors.some((e) => e.field)) {
        form.showApiError({ ...err, errors: [{ field: 'connection_name', message: err.message }] });
      } else {
        form.showApiError(err);
      }
      setRefusals((n) => n + 1);
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="connection-form">
      <Stack gap="md">
        <Fieldset legend={t('gateway.connections.groups.general')}>
          <Stack gap="sm">
            {!connection && (
              <SegmentedControl
                value={draft.type}
                onChange={(v) => set('type', v)}
                data-testid="connection-type"
                data={(['smpp', 'http'] as const).map((v) => ({ value: v, label: t(`gateway.connections.types.${v}`) }))}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('connection_name', { required: true })}
              {text('sender_id')}
            </SimpleGrid>
          </Stack>
        </Fieldset>
        {draft.type === 'smpp' ? (
          <>
            <Fieldset legend={t('gateway.connections.groups.smpp')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {text('host', { required: true, disabled: connection?.is_sandbox })}
                {num('port', { required: true, min: 1, disabled: connection?.is_sandbox })}
                {text('system_id', { required: true, disabled: connection?.is_sandbox })}
                {secret('password', connection?.has_password, true)}
                {text('system_type')}
                <Select
                  label={label('bind_mode')}
                  value={draft.bind_mode}
                  allowDeselect={false}
                  onChange={(v) => v && set('bind_mode', v)}
                  data-testid="connection-field-bind_mode"
                  data={BIND_MODES.map((m) => ({ value: m, label: t(`gateway.connections.bindModes.${m}`) }))}
                />
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend={t('gateway.connections.groups.bind')}>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                {num('source_ton')}
                {num('source_npi')}
                {num('dest_ton')}
                {num('dest_npi')}
              </SimpleGrid>
              {text('address_range', { mt: 'sm' })}
            </Fieldset>
            <Fieldset legend={t('gateway.connections.groups.timing')}>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {num('bind_timeout_s', { min: 1 })}
                {num('response_timeout_s', { min: 1 })}
                {num('reconnect_delay_s', { min: 1 })}
                {num('retry_count')}
                {num('enquire_link_interval_s')}
                {num('window_size', { min: 1 })}
              </SimpleGrid>
            </Fieldset>
          </>
        ) : (
          <>
            <Fieldset legend={t('gateway.connections.groups.http')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {text('post_url', { required: true })}
                {text('listen_url')}
                {text('http_username')}
                {secret('http_password', connection?.has_http_password)}
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend={t('gateway.connections.groups.proxy')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {text('proxy_host')}
                {num('proxy_port', { min: 1 })}
                {text('proxy_username')}
                {secret('proxy_password', connection?.has_proxy_password)}
              </SimpleGrid>
            </Fieldset>
          </>
        )}
        <Fieldset legend={t('gateway.connections.groups.throughput')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {num('message_per_second', { min: 1 })}
            {num('english_sms_length', { min: 1, max: 160 })}
            {num('arabic_sms_length', { min: 1, max: 70 })}
          </SimpleGrid>
        </Fieldset>
        {/* beside the Save button: in a long, scrolled form the top is out of sight */}
        {form.formError && (
          <Alert color="red" role="alert" data-testid="form-error">
            {form.formError}
          </Alert>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('gateway.connections.actions.cancel')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending} data-testid="connection-save">
            {t('gateway.connections.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
