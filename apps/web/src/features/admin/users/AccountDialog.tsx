import { Button, Group, Modal, MultiSelect, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ROLE_LABELS,
  ROLES,
  type Role,
  servesEveryDepartment,
  ZCreateAccountInput,
  ZUpdateAccountInput,
} from '@fees/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FailureAlert } from '../../../components/FailureAlert';
import { DEPARTMENTS } from '../../../lib/departments';
import { type RouterOutputs, useTRPC } from '../../../lib/trpc';

type Account = RouterOutputs['admin']['users']['list'][number];

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
const DEPARTMENT_OPTIONS = DEPARTMENTS.map((d) => ({ value: String(d.id), label: `${d.code} · ${d.name}` }));

/** The role and departments fields, shared by the new-account and edit dialogs. */
function RoleFields({ form }: { form: ReturnType<typeof useForm<{ role: Role; depIds: number[] }>> }) {
  const every = servesEveryDepartment(form.values.role);
  return (
    <>
      <Select label="Role" data={ROLE_OPTIONS} allowDeselect={false} withAsterisk {...form.getInputProps('role')} />
      <MultiSelect
        label="Departments"
        description={every ? 'Admins and auditors act for every department' : 'The departments this account serves'}
        data={DEPARTMENT_OPTIONS}
        disabled={every}
        withAsterisk={!every}
        value={form.values.depIds.map(String)}
        onChange={(values) => form.setFieldValue('depIds', values.map(Number))}
        error={form.errors.depIds}
      />
    </>
  );
}

/** A new account: name, e-mail, a first password, role and departments. */
export function NewAccountDialog({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: '', password: '', role: 'cashier' as Role, depIds: [] as number[] },
    validate: schemaResolver(ZCreateAccountInput, { sync: true }),
    clearInputErrorOnChange: true,
  });
  const create = useMutation(
    trpc.admin.users.createAccount.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
        onClose();
      },
    }),
  );
  return (
    <Modal opened onClose={onClose} title="New account" closeButtonProps={{ 'aria-label': 'Dismiss' }}>
      <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
        <Stack>
          <FailureAlert error={create.error} title="Not created" />
          <TextInput label="Name" description="Printed on receipts" withAsterisk {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
          <PasswordInput
            label="First password"
            description="6 to 12 characters"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <RoleFields form={form as never} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** An account's name, role and departments; a changed role ends its sessions and is audited. */
export function EditAccountDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { id: account.id, name: account.name, role: account.role, depIds: account.depIds },
    validate: schemaResolver(ZUpdateAccountInput, { sync: true }),
    clearInputErrorOnChange: true,
  });
  const update = useMutation(
    trpc.admin.users.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
        onClose();
      },
    }),
  );
  return (
    <Modal opened onClose={onClose} title={`Edit ${account.username}`} closeButtonProps={{ 'aria-label': 'Dismiss' }}>
      <form onSubmit={form.onSubmit((values) => update.mutate(values))} noValidate>
        <Stack>
          <FailureAlert error={update.error} title="Not saved" />
          <TextInput label="Name" description="Printed on receipts" withAsterisk {...form.getInputProps('name')} />
          <RoleFields form={form as never} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
