import { Box, Center, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageToggle } from '../../components/language-toggle/LanguageToggle.tsx';
import { Logo } from '../../components/layout/Logo.tsx';

/** Sign-in pages, the plan page and the sandbox inbox: full width, no sidebar and no top bar. */
export function AuthLayout() {
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" data-layout="auth">
      <Group justify="space-between" px="lg" py="md">
        <Logo />
        <LanguageToggle />
      </Group>
      <Center component="main" px="md" pb="xl">
        <Box w="100%">
          <Outlet />
        </Box>
      </Center>
    </Box>
  );
}
