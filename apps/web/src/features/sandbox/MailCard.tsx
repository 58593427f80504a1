import { ActionIcon, Box, Button, CopyButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconChevronDown, IconChevronUp, IconCopy, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Moment } from '../../components/time/Moment.tsx';
import type { SandboxMail } from './api/get-sandbox-mails.ts';
import { UserText } from '../../components/text/UserText.tsx';

function MailBody({ mail, title }: { mail: SandboxMail; title: string }) {
  if (mail.html) {
    // Mail HTML is untrusted: an empty sandbox runs no script and reaches nothing.
    return (
      <Box
        component="iframe"
        title={title}
        sandbox=""
        srcDoc={mail.html}
        w="100%"
        h={320}
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, background: 'white' }}
        data-testid="sandbox-html"
      />
    );
  }
  return (
    <Box
      component="pre"
      m={0}
      p="sm"
      style={{ whiteSpace: 'pre-wrap', background: 'var(--mantine-color-gray-0)', borderRadius: 8 }}
      data-testid="sandbox-text"
    >
      {mail.text}
    </Box>
  );
}

/** One captured mail: subject, date, the code large when there is one, and the body. */
export function MailCard({ mail, defaultOpen = false }: { mail: SandboxMail; defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const subject = mail.subject || t('sandbox.noSubject');
  return (
    <Paper withBorder radius="md" p="md" data-testid="sandbox-mail">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={700}>
              <UserText>{subject}</UserText>
            </Text>
            <Text size="xs" c="dimmed" className="ltr-value">
              {mail.from} → {mail.to}
            </Text>
          </div>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <Moment at={mail.created_at} />
          </Text>
        </Group>
        {mail.otp_code && (
          <Group gap="sm">
            <IconKey size={18} />
            <Text size="sm" c="dimmed">
              {t('sandbox.code')}
            </Text>
            <Text fz={28} fw={800} className="otp-code" data-testid="sandbox-otp">
              {mail.otp_code}
            </Text>
            <CopyButton value={mail.otp_code}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('sandbox.copied') : t('sandbox.copy')}>
                  <ActionIcon variant="subtle" onClick={copy} aria-label={t('sandbox.copy')}>
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        )}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setOpen((value) => !value)}
            leftSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
            aria-expanded={open}
          >
            {open ? t('sandbox.hideBody') : t('sandbox.showBody')}
          </Button>
        </Group>
        {open && <MailBody mail={mail} title={subject} />}
      </Stack>
    </Paper>
  );
}
