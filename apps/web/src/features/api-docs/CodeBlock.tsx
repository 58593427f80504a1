import { ActionIcon, Box, Code, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A block of code with a copy button. Code reads left to right in either language (dir="ltr"); it
 * scrolls sideways inside its box on a phone, and is a focusable region so the keyboard can too.
 */
export function CodeBlock({ code, label, testId }: { code: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    // left to right as a whole (the copy button at the code's end, never over its start)
    <Box pos="relative" dir="ltr" data-testid={testId}>
      <Code
        block
        dir="ltr"
        tabIndex={0}
        role="region"
        aria-label={label}
        style={{ textAlign: 'left', whiteSpace: 'pre', overflowX: 'auto', paddingRight: 44, fontSize: 13 }}
        data-testid={testId ? `${testId}-code` : undefined}
      >
        {code}
      </Code>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('apiDocs.examples.copied') : t('apiDocs.examples.copy')} withArrow>
            <ActionIcon
              variant="default"
              onClick={copy}
              aria-label={`${t('apiDocs.examples.copy')}: ${label}`}
              pos="absolute"
              top={6}
              right={6}
              data-testid={testId ? `${testId}-copy` : undefined}
              data-copied={copied || undefined}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Box>
  );
}
