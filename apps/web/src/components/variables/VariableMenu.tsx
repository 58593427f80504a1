import { Button, Menu, TextInput } from '@mantine/core';
import { CUSTOMER_VARIABLES } from '@risala/shared/schemas/templates';
import { IconBraces } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Inserts a `{{variable}}` placeholder: a customer field or `attributes.<key>`. */
export function VariableMenu({ onInsert, disabled }: { onInsert: (placeholder: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [attribute, setAttribute] = useState('');
  const key = attribute.trim();
  const validKey = /^[A-Za-z0-9_]{1,64}$/.test(key);
  return (
    <Menu shadow="md" width={240} closeOnItemClick>
      <Menu.Target>
        <Button variant="default" size="xs" leftSection={<IconBraces size={16} />} disabled={disabled} data-testid="variable-menu">
          {t('templates.editor.insertVariable')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {CUSTOMER_VARIABLES.map((name) => (
          <Menu.Item key={name} onClick={() => onInsert(`{{${name}}}`)} data-testid={`variable-${name}`}>
            {t(`templates.variables.${name}`)} <code dir="ltr">{`{{${name}}}`}</code>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t('templates.variables.attribute')}</Menu.Label>
        <TextInput
          size="xs"
          mx="xs"
          mb="xs"
          dir="ltr"
          placeholder="tier"
          value={attribute}
          onChange={(e) => setAttribute(e.currentTarget.value)}
          aria-label={t('templates.variables.attribute')}
          error={key && !validKey ? t('templates.variables.attributeInvalid') : undefined}
        />
        <Menu.Item disabled={!validKey} onClick={() => onInsert(`{{attributes.${key}}}`)}>
          {t('templates.variables.insertAttribute')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
