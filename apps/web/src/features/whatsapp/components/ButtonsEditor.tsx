import { ActionIcon, Button, Group, Menu, Paper, Stack, Text, TextInput } from '@mantine/core';
import { WA_BUTTON_TYPES, WA_LIMITS, waVariables } from '@risala/shared/schemas/whatsapp';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n.ts';
import { type ButtonDraft, newButton } from '../builder-state.ts';

interface Props {
  buttons: ButtonDraft[];
  onChange: (next: ButtonDraft[]) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}

/** Up to three buttons: URL (optionally ending in {{1}}), phone (E.164), quick reply, copy code. */
export function ButtonsEditor({ buttons, onChange, errors, disabled }: Props) {
  const { t } = useTranslation();
  const err = (key: string) => translateMessage(errors[key]);
  const patch = (i: number, change: Partial<ButtonDraft>) => onChange(buttons.map((b, j) => (j === i ? { ...b, ...change } : b)));
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {t('whatsapp.editor.buttons')}
        </Text>
        <Menu position="bottom-end" disabled={disabled || buttons.length >= WA_LIMITS.buttons}>
          <Menu.Target>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              disabled={disabled || buttons.length >= WA_LIMITS.buttons}
              data-testid="wa-add-button"
            >
              {t('whatsapp.editor.addButton')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {WA_BUTTON_TYPES.map((type) => (
              <Menu.Item key={type} onClick={() => onChange([...buttons, newButton(type)])} data-testid={`wa-add-button-${type}`}>
                {t(`whatsapp.buttonType.${type}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {err('buttons') && (
        <Text size="xs" c="red">
          {err('buttons')}
        </Text>
      )}
      {buttons.map((b, i) => (
        <Paper key={i} withBorder p="xs" radius="sm">
          <Group justify="space-between" mb={4}>
            <Text size="xs" fw={600} c="dimmed">
              {t(`whatsapp.buttonType.${b.type}`)}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              disabled={disabled}
              aria-label={t('whatsapp.editor.remove')}
              onClick={() => onChange(buttons.filter((_, j) => j !== i))}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
          <Stack gap={6}>
            {b.type !== 'COPY_CODE' && (
              <TextInput
                size="xs"
                label={t('whatsapp.editor.buttonText')}
                value={b.text}
                maxLength={WA_LIMITS.buttonText}
                disabled={disabled}
                error={err(`buttons.${i}.text`)}
                onChange={(e) => patch(i, { text: e.currentTarget.value })}
                data-testid={`wa-button-text-${i}`}
              />
            )}
            {b.type === 'URL' && (
              <>
                <TextInput
                  size="xs"
                  dir="ltr"
                  label={t('whatsapp.editor.url')}
                  description={t('whatsapp.editor.urlHint')}
                  placeholder="https://example.com/orders/{{1}}"
                  value={b.url}
                  disabled={disabled}
                  error={err(`buttons.${i}.url`)}
                  onChange={(e) => patch(i, { url: e.currentTarget.value })}
                />
                {waVariables(b.url).length > 0 && (
                  <TextInput
                    size="xs"
                    dir="ltr"
                    label={t('whatsapp.editor.urlExample')}
                    value={b.urlExample}
                    disabled={disabled}
                    error={err(`buttons.${i}.example`)}
                    onChange={(e) => patch(i, { urlExample: e.currentTarget.value })}
                  />
                )}
              </>
            )}
            {b.type === 'PHONE_NUMBER' && (
              <TextInput
                size="xs"
                dir="ltr"
                label={t('whatsapp.editor.phone')}
                placeholder="+966501234567"
                value={b.phone}
                disabled={disabled}
                error={err(`buttons.${i}.phone_number`)}
                onChange={(e) => patch(i, { phone: e.currentTarget.value })}
              />
            )}
            {b.type === 'COPY_CODE' && (
              <TextInput
                size="xs"
                dir="ltr"
                label={t('whatsapp.editor.code')}
                value={b.code}
                maxLength={15}
                disabled={disabled}
                error={err(`buttons.${i}.example`)}
                onChange={(e) => patch(i, { code: e.currentTarget.value })}
              />
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
