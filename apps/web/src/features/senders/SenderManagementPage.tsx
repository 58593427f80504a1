import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmailTab } from './components/EmailTab.tsx';
import { SmsTab } from './components/SmsTab.tsx';
import { WhatsappTab } from './components/WhatsappTab.tsx';

const TABS = ['email', 'sms', 'whatsapp'] as const;
type Tab = (typeof TABS)[number];

/** /sender-management[/sms|/whatsapp]: the email, SMS and WhatsApp senders, one tab per channel. */
export function SenderManagementPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const last = pathname.replace(/\/$/, '').split('/').pop() as Tab;
  const tab: Tab = TABS.includes(last) ? last : 'email';
  const verified = params.get('verified');

  return (
    <Stack gap="lg" data-testid="sender-management-page">
      <div>
        <Title order={1} size="h2">
          {t('senders.title')}
        </Title>
        <Text c="dimmed">{t('senders.subtitle')}</Text>
      </div>
      {verified !== null && (
        <Alert color={verified === '1' ? 'green' : 'red'} variant="light" data-testid="email-verified-banner">
          {t(verified === '1' ? 'senders.email.verify.done' : 'senders.email.verify.failed')}
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(value) => value && navigate(value === 'email' ? '/sender-management' : `/sender-management/${value}`)}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="email" leftSection={<IconMail size={16} />} data-testid="senders-tab-email">
            {t('senders.tabs.email')}
          </Tabs.Tab>
          <Tabs.Tab value="sms" leftSection={<IconMessage size={16} />} data-testid="senders-tab-sms">
            {t('senders.tabs.sms')}
          </Tabs.Tab>
          <Tabs.Tab value="whatsapp" leftSection={<IconBrandWhatsapp size={16} />} data-testid="senders-tab-whatsapp">
            {t('senders.tabs.whatsapp')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="email" pt="md">
          <EmailTab />
        </Tabs.Panel>
        <Tabs.Panel value="sms" pt="md">
          <SmsTab />
        </Tabs.Panel>
        <Tabs.Panel value="whatsapp" pt="md">
          <WhatsappTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
