import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** The /template tab bar, driven by the URL: text templates here, WhatsApp (Meta) templates at /template/whatsapp. */
export function TemplatesTabs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const value = pathname.startsWith('/template/whatsapp') ? '/template/whatsapp' : '/template';
  return (
    <Tabs value={value} onChange={(next) => next && next !== value && navigate(next)} data-testid="template-tabs">
      <Tabs.List>
        <Tabs.Tab value="/template" data-testid="template-tab-text">
          {t('templates.tabs.text')}
        </Tabs.Tab>
        <Tabs.Tab value="/template/whatsapp" data-testid="template-tab-whatsapp">
          {t('templates.tabs.whatsapp')}
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
