import { Tabs } from '@mantine/core';
import { IconMail, IconTemplate } from '@tabler/icons-react';
import { PageHeader } from '../../components/PageHeader';
import { useDepartment } from '../../lib/department-context';
import { OutboxPanel } from './OutboxPanel';
import { TemplatesPanel } from './TemplatesPanel';

/** A department's messages: the outbox (what was sent, to whom, what became of it) and its texts. */
export default function MessagesPage() {
  const department = useDepartment();
  return (
    <>
      <PageHeader title="Messages" subtitle={department.name} />
      <Tabs defaultValue="outbox" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="outbox" leftSection={<IconMail size={16} />}>
            Outbox
          </Tabs.Tab>
          <Tabs.Tab value="templates" leftSection={<IconTemplate size={16} />}>
            Templates
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="outbox">
          <OutboxPanel depId={department.id} />
        </Tabs.Panel>
        <Tabs.Panel value="templates">
          <TemplatesPanel depId={department.id} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
