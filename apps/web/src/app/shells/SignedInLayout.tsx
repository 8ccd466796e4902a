import { ModalsProvider } from '@mantine/modals';
import { Outlet } from 'react-router';

/**
 * Above both shells: the modal dialogs of lib/dialogs, which only signed-in screens open. Loaded with
 * the first of those screens, so the home page and logins do not ship it; it stays mounted when an
 * admin moves between the admin and department areas.
 */
export function SignedInLayout() {
  return (
    <ModalsProvider labels={{ confirm: 'Yes', cancel: 'No' }}>
      <Outlet />
    </ModalsProvider>
  );
}
