import { Button, Group, Text } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';

type ChatLinks = RouterOutputs['messages']['receiptChat'];

/**
 * WhatsApp by hand, when the server has no WhatsApp provider: a button per WhatsApp number of the
 * family opens WhatsApp with the message written; the clerk reads it and presses Send there.
 */
function ChatButtons({ chat }: { chat: ChatLinks | undefined }) {
  if (!chat || chat.provider) return null;
  if (chat.links.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="click-to-chat-none">
        No WhatsApp number for this family
      </Text>
    );
  }
  return (
    <Group gap="xs" data-testid="click-to-chat">
      {chat.links.map((link) => (
        <Button
          key={link.mobile}
          variant="light"
          color="green"
          leftSection={<IconBrandWhatsapp size={16} />}
          component="a"
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          title={`Opens WhatsApp with the message to ${link.mobile}; press Send there`}
          // A long name wraps inside the button rather than pushing a phone's page wider than its screen.
          maw="100%"
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          WhatsApp {link.label}
        </Button>
      ))}
    </Group>
  );
}

/** The receipt's message (with its verification link) to the family on WhatsApp. */
export function ReceiptClickToChat({ number }: { number: number }) {
  const trpc = useTRPC();
  const chat = useQuery(trpc.messages.receiptChat.queryOptions({ number }, { staleTime: 60_000 }));
  return <ChatButtons chat={chat.data} />;
}

/** The statement's figures to the family on WhatsApp. */
export function StatementClickToChat({ depId, studentId }: { depId: number; studentId: number }) {
  const trpc = useTRPC();
  const chat = useQuery(trpc.messages.statementChat.queryOptions({ depId, studentId }, { staleTime: 60_000 }));
  return <ChatButtons chat={chat.data} />;
}
