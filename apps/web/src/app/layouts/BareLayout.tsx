import { Box } from '@mantine/core';
import { Outlet } from 'react-router';

/** /admin/* and /canvas-editor render without the standard layout (spec §2). */
export function BareLayout() {
  return (
    <Box component="main" mih="100vh" p="md" data-layout="bare">
      <Outlet />
    </Box>
  );
}
