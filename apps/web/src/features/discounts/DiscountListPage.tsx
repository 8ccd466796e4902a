import { Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@fees/validation';
import { IconDiscount, IconHistory, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { NoDataRow } from '../../components/NoDataRow';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ReportStates } from '../../components/ReportStates';
import { DeleteFailedAlert, RowActions } from '../../components/RowActions';
import { formatRupees } from '../../lib/money';
import { useListDepartment } from '../../lib/list-department';
import { useTRPC } from '../../lib/trpc';
import { DepartmentSelect } from '../../components/DepartmentSelect';
import { idOf } from '../../lib/ids';
import { type DiscountArea, useDiscountArea } from './area';

/**
 * /admin/discedt: choose a department (required) and search; the searched department stays in the URL.
 * /{department}/discounts: that department's discounts, for its accountants.
 */
export default function DiscountListPage() {
  const area = useDiscountArea();
  return area.fixedDepId === null ? (
    <AdminDiscountList area={area} />
  ) : (
    <DiscountList area={area} searched={String(area.fixedDepId)} />
  );
}

function AdminDiscountList({ area }: { area: DiscountArea }) {
  const [searched, setSearched] = useListDepartment();
  return <DiscountList area={area} searched={searched} onSearch={setSearched} />;
}

/** The list of the department searched; with onSearch, the department is chosen on the screen. */
function DiscountList({
  area,
  searched,
  onSearch,
}: {
  area: DiscountArea;
  searched: string;
  onSearch?: (depId: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [depId, setDepId] = useState(searched);
  const [required, setRequired] = useState(false);
  const [filter, setFilter] = useState('');
  const discounts = useQuery(
    trpc.discounts.list.queryOptions({ depId: idOf(searched) ?? 0 }, { enabled: searched !== '' }),
  );
  const remove = useMutation(
    trpc.discounts.remove.mutationOptions({
      onSuccess: (result) => {
        notifications.show({ color: 'green', message: result.Message });
        void queryClient.invalidateQueries({ queryKey: trpc.discounts.pathKey() });
      },
    }),
  );

  const search = () => {
    if (!depId) {
      setRequired(true);
      return;
    }
    onSearch?.(depId);
  };
  const needle = filter.trim().toLowerCase();
  const rows = (discounts.data ?? []).filter(
    (d) =>
      !needle ||
      [d.admissionNo, d.studentName, d.feeHeadName, d.batchName, d.courseName].some((v) =>
        v.toLowerCase().includes(needle),
      ),
  );

  return (
    <>
      <PageHeader
        title="Discounts and adjustments"
        subtitle="Per student and fee head"
        actions={
          <>
            {onSearch && (
              <>
                <Button component={Link} to="/admin/schemes" variant="light" leftSection={<IconDiscount size={16} />}>
                  Concession schemes
                </Button>
                <Button
                  component={Link}
                  to={searched ? `/admin/opening?depId=${searched}` : '/admin/opening'}
                  variant="light"
                  leftSection={<IconHistory size={16} />}
                >
                  Opening balances
                </Button>
              </>
            )}
            <Button component={Link} to={area.newPath(idOf(searched))} leftSection={<IconPlus size={16} />}>
              New
            </Button>
          </>
        }
      />
      <Stack>
        {onSearch ? (
          <Paper withBorder p="md" radius="md">
            <Group align="flex-start">
              <DepartmentSelect
                w={340}
                value={depId || null}
                error={required ? MSG.required : undefined}
                onChange={(value) => {
                  setDepId(value ?? '');
                  setRequired(false);
                }}
              />
              <Button mt={24} leftSection={<IconSearch size={16} />} onClick={search}>
                Search
              </Button>
              {searched && (
                <TextInput
                  label="Filter"
                  placeholder="Admission no, name, fee head"
                  value={filter}
                  onChange={(event) => setFilter(event.currentTarget.value)}
                  ml="auto"
                  w={280}
                />
              )}
            </Group>
          </Paper>
        ) : (
          <TextInput
            label="Filter"
            placeholder="Admission no, name, fee head"
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            maw={320}
          />
        )}
        <DeleteFailedAlert mutation={remove} />
        {!searched ? (
          <EmptyState
            reason={{
              icon: <IconSearch />,
              title: 'Choose a department',
              text: 'Choose a department and press Search.',
            }}
          />
        ) : (
          <ReportStates
            query={discounts}
            refreshInPlace
            loadingLabel="Loading discounts..."
            errorTitle="The discounts could not be loaded"
          >
            {() => (
              <Paper withBorder radius="md">
                <Table.ScrollContainer minWidth={900}>
                  <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>#</Table.Th>
                        <Table.Th>Adm.No</Table.Th>
                        <Table.Th>Student</Table.Th>
                        <Table.Th>Course</Table.Th>
                        <Table.Th>Batch</Table.Th>
                        <Table.Th>Fee head</Table.Th>
                        <Table.Th ta="right">Discount</Table.Th>
                        <Table.Th ta="right">Adjustment</Table.Th>
                        <Table.Th>Note</Table.Th>
                        <Table.Th className="no-print">Action</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.length === 0 && <NoDataRow colSpan={10} />}
                      {rows.map((d, i) => (
                        <Table.Tr key={d.id}>
                          <Table.Td>{i + 1}</Table.Td>
                          <Table.Td>{d.admissionNo}</Table.Td>
                          <Table.Td>{d.studentName}</Table.Td>
                          <Table.Td>{d.courseName}</Table.Td>
                          <Table.Td>{d.batchName}</Table.Td>
                          <Table.Td>{d.feeHeadName}</Table.Td>
                          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                            {formatRupees(d.discountPaise)}
                          </Table.Td>
                          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                            {formatRupees(d.adjustmentPaise)}
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" c="dimmed" lineClamp={1} maw={220}>
                              {d.note}
                            </Text>
                          </Table.Td>
                          <Table.Td className="no-print">
                            <RowActions
                              edit={{
                                to: area.editPath(d.id),
                                label: `Edit discount of ${d.admissionNo} on ${d.feeHeadName}`,
                              }}
                              remove={{
                                label: `Delete discount of ${d.admissionNo} on ${d.feeHeadName}`,
                                question:
                                  `Delete the discount on ${d.feeHeadName} ` +
                                  `for ${d.studentName} (${d.admissionNo})?`,
                                onConfirm: () => remove.mutate({ id: d.id }),
                              }}
                            />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Paper>
            )}
          </ReportStates>
        )}
      </Stack>
    </>
  );
}
