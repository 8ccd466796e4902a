import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { MAX_LOGO_BYTES } from '@fees/validation';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { readBase64 } from '../../lib/read-file';
import { errorMessage, useTRPC } from '../../lib/trpc';

/** A department's letterhead logo: preview, upload (PNG or JPEG up to 200 KB, the server checks the bytes), remove. */
export function LetterheadLogo({ depId, departmentName }: { depId: number; departmentName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const logo = useQuery(trpc.letterheads.logo.queryOptions({ depId }));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.letterheads.logo.queryKey({ depId }) });
  const upload = useMutation(
    trpc.letterheads.setLogo.mutationOptions({
      onSuccess: refresh,
      onError: (error) => setProblem(errorMessage(error)),
    }),
  );
  const remove = useMutation(
    trpc.letterheads.removeLogo.mutationOptions({
      onSuccess: refresh,
      onError: (error) => setProblem(errorMessage(error)),
    }),
  );

  const choose = async (file: File | null) => {
    setProblem(null);
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) {
      setProblem('The logo must be at most 200 KB');
      return;
    }
    upload.mutate({ depId, image: await readBase64(file) });
  };

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Logo
      </Text>
      <Group gap="sm" align="center">
        {logo.data?.logo ? (
          <Image src={logo.data.logo} alt={`Logo of ${departmentName}`} h={48} w="auto" fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            No logo
          </Text>
        )}
        <FileButton onChange={(file) => void choose(file)} accept="image/png,image/jpeg">
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconPhotoUp size={14} />}
              loading={upload.isPending}
              aria-label={`Upload a logo for ${departmentName}`}
            >
              Upload
            </Button>
          )}
        </FileButton>
        {logo.data?.logo && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            loading={remove.isPending}
            onClick={() => remove.mutate({ depId })}
            aria-label={`Remove the logo of ${departmentName}`}
          >
            Remove
          </Button>
        )}
      </Group>
      <Text size="xs" c={problem ? 'red' : 'dimmed'} role={problem ? 'alert' : undefined}>
        {problem ?? 'PNG or JPEG, at most 200 KB; printed on the receipts.'}
      </Text>
    </Stack>
  );
}
