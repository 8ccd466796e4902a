import { Badge, Button, Code, Grid, Group, NavLink, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FailureAlert } from '../../components/FailureAlert';
import { ReportStates } from '../../components/ReportStates';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { CHANNEL_LABELS, EVENT_LABELS } from './labels';

type Template = RouterOutputs['messages']['templates'][number];

/** Each event's text per channel: the department's own or the built-in one, edited with a live preview. */
export function TemplatesPanel({ depId }: { depId: number }) {
  const trpc = useTRPC();
  const templates = useQuery(trpc.messages.templates.queryOptions({ depId }));
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <ReportStates query={templates} refreshInPlace loadingLabel="Reading the texts...">
      {(list) => {
        const current = list.find((t) => `${t.event}:${t.channel}` === chosen) ?? list[0];
        return (
          <Grid>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder radius="md" p="xs" data-testid="template-list">
                {list.map((t) => (
                  <NavLink
                    key={`${t.event}:${t.channel}`}
                    label={`${EVENT_LABELS[t.event]} · ${CHANNEL_LABELS[t.channel]}`}
                    rightSection={t.own ? <Badge size="xs">own</Badge> : null}
                    active={t === current}
                    onClick={() => setChosen(`${t.event}:${t.channel}`)}
                  />
                ))}
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              {current && (
                <TemplateEditor
                  key={`${current.event}:${current.channel}:${current.body}`}
                  depId={depId}
                  template={current}
                />
              )}
            </Grid.Col>
          </Grid>
        );
      }}
    </ReportStates>
  );
}

function TemplateEditor({ depId, template }: { depId: number; template: Template }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState(template.subject ?? '');
  const [body, setBody] = useState(template.body);
  const [dltTemplateId, setDltTemplateId] = useState(template.dltTemplateId ?? '');
  const [whatsappTemplate, setWhatsappTemplate] = useState(template.whatsappTemplate ?? '');
  const [whatsappLanguage, setWhatsappLanguage] = useState(template.whatsappLanguage ?? '');
  const [shown] = useDebouncedValue({ subject, body }, 250);
  const { event, channel } = template;
  const preview = useQuery(
    trpc.messages.previewTemplate.queryOptions(
      { depId, event, channel, subject: shown.subject || null, body: shown.body },
      { enabled: shown.body.trim() !== '' },
    ),
  );
  const done = { onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.messages.templates.pathKey() }) };
  const save = useMutation(trpc.messages.saveTemplate.mutationOptions(done));
  const reset = useMutation(trpc.messages.resetTemplate.mutationOptions(done));
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600}>
          {EVENT_LABELS[event]} · {CHANNEL_LABELS[channel]}{' '}
          <Text span size="sm" c="dimmed">
            {template.own ? "(this department's own text)" : '(the built-in text)'}
          </Text>
        </Text>
        {channel === 'email' && (
          <TextInput label="Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} />
        )}
        <Textarea
          label="Text"
          description="Placeholders in braces, such as {recipientName}, {studentName}, {amount}, {dueDate}"
          autosize
          minRows={4}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
        />
        {channel === 'sms' && (
          <TextInput
            label="DLT template id"
            description="The id the operator gave the registered text"
            value={dltTemplateId}
            onChange={(e) => setDltTemplateId(e.currentTarget.value)}
            maw={280}
          />
        )}
        {channel === 'whatsapp' && (
          <Group grow>
            <TextInput
              label="Approved template name"
              value={whatsappTemplate}
              onChange={(e) => setWhatsappTemplate(e.currentTarget.value)}
            />
            <TextInput
              label="Language"
              placeholder="en"
              value={whatsappLanguage}
              onChange={(e) => setWhatsappLanguage(e.currentTarget.value)}
            />
          </Group>
        )}
        <Paper bg="gray.0" p="sm" radius="sm" data-testid="template-preview">
          <Text size="xs" c="dimmed" mb={4}>
            Preview for a sample family
          </Text>
          {preview.data ? (
            <>
              {preview.data.subject && (
                <Text size="sm" fw={600}>
                  {preview.data.subject}
                </Text>
              )}
              <Code block style={{ whiteSpace: 'pre-wrap' }}>
                {preview.data.body}
              </Code>
              <Text size="xs" c="dimmed" mt={4} data-testid="template-length">
                {preview.data.length} characters
                {preview.data.smsParts !== null &&
                  ` · ${preview.data.smsParts} SMS part${preview.data.smsParts === 1 ? '' : 's'} ` +
                    `· DLT id ${dltTemplateId || 'not set'}`}
              </Text>
              {preview.data.unknownPlaceholders.length > 0 && (
                <Text size="xs" c="red">
                  Not known, shown as typed: {preview.data.unknownPlaceholders.map((p) => `{${p}}`).join(', ')}
                </Text>
              )}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {preview.isError ? 'The preview could not be made' : 'Type a text to see it'}
            </Text>
          )}
        </Paper>
        <FailureAlert error={save.error ?? reset.error} />
        <Group justify="flex-end">
          {template.own && (
            <Button variant="default" loading={reset.isPending} onClick={() => reset.mutate({ depId, event, channel })}>
              Back to the built-in text
            </Button>
          )}
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate({
                depId,
                event,
                channel,
                subject: subject || null,
                body,
                dltTemplateId: dltTemplateId || null,
                whatsappTemplate: whatsappTemplate || null,
                whatsappLanguage: whatsappLanguage || null,
              })
            }
          >
            Save text
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
