import { notifications } from '@mantine/notifications';

/** SPEC §8: the success toast's title and text after a task is created, wherever it was created. */
export function showTaskCreatedToast(): void {
  notifications.show({
    color: 'green',
    title: 'Task Created',
    message: 'Task has been assigned successfully',
  });
}
