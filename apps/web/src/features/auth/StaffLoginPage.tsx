import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DEPARTMENTS } from '../../lib/departments';
import { DEPARTMENT_OPTIONS } from '../../components/DepartmentSelect';
import { LoginForm } from './LoginForm';
import { LoginLayout } from './LoginLayout';

/** /tuser/: staff sign-in where the department is picked first. */
export default function StaffLoginPage() {
  const [depId, setDepId] = useState<string | null>(null);
  const department = DEPARTMENTS.find((d) => String(d.id) === depId);
  return (
    <LoginLayout>
      <Stack w="100%" maw={420}>
        <Paper withBorder p="md" radius="md">
          <Title order={1} size="h2">
            Staff sign-in
          </Title>
          <Text c="dimmed" size="sm" mb="md">
            Choose your department, then sign in with the email and password the office gave you.
          </Text>
          <Select
            label="Department"
            placeholder="Choose your department"
            data={DEPARTMENT_OPTIONS}
            value={depId}
            onChange={setDepId}
            withAsterisk
          />
        </Paper>
        {department && (
          <LoginForm
            key={department.id}
            title={department.name}
            subtitle="Staff sign-in"
            depId={department.id}
            headingOrder={2}
          />
        )}
      </Stack>
    </LoginLayout>
  );
}
