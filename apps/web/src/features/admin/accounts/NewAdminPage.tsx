import { Paper, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ZCreateAdminInput } from '@fees/validation';
import { useMutation } from '@tanstack/react-query';
import { PageHeader } from '../../../components/PageHeader';
import { useTRPC } from '../../../lib/trpc';
import { RegistrationFields, useAccountSaved } from '../RegistrationFields';
import { FailureAlert } from '../../../components/FailureAlert';

/** /admin/newadm: admin registration; on SAVED the message shows and the admin list opens. */
export default function NewAdminPage() {
  const trpc = useTRPC();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', pwd1: '', pwd2: '', chk1: false },
    validate: schemaResolver(ZCreateAdminInput, { sync: true }),
    clearInputErrorOnChange: true,
  });
  const saved = useAccountSaved(form, '/admin/adm');
  const create = useMutation(trpc.admin.admins.create.mutationOptions(saved));

  return (
    <>
      <PageHeader title="New admin" subtitle="An administrator can open every department and the admin area" />
      <Paper withBorder p="lg" radius="md" maw={520}>
        <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
          <Stack>
            <FailureAlert error={create.error} />
            <RegistrationFields form={form} listPath="/admin/adm" saving={create.isPending} />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
