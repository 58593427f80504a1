import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * "Are you sure?": a title, what will happen, and two buttons — keep (closes) and the confirmed
 * action. `testId` names the modal; its buttons are `<testId>-cancel` and `<testId>-confirm`.
 */
export function ConfirmModal(props: {
  opened: boolean;
  title: ReactNode;
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  color?: string;
  loading?: boolean;
  testId?: string;
}) {
  const id = props.testId;
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={props.title} centered data-testid={id}>
      <Stack>
        {props.children}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} data-testid={id && `${id}-cancel`}>
            {props.cancelLabel}
          </Button>
          <Button color={props.color ?? 'red'} loading={props.loading} onClick={props.onConfirm} data-testid={id && `${id}-confirm`}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
