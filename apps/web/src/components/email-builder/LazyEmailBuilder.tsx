import { Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmailBuilderProps } from './EmailBuilder.tsx';

// GrapesJS and its MJML plugin are large and only the builder needs them: a chunk of their own
const EmailBuilder = lazy(() => import('./EmailBuilder.tsx'));

/** The visual email builder, loaded when first shown. */
export function LazyEmailBuilder(props: EmailBuilderProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Center mih={240}>
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('builder.mode.loading')}
            </Text>
          </Stack>
        </Center>
      }
    >
      <EmailBuilder {...props} />
    </Suspense>
  );
}

export type { EmailBuilderProps };
