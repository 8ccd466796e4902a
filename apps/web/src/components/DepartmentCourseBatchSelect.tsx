import type { LooseKeys, UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { idOptions, idSelectProps } from '../lib/ids';
import { type RouterOutputs, useTRPC } from '../lib/trpc';
import { DepartmentSelect } from './DepartmentSelect';
import { SearchableSelect } from './SearchableSelect';

/** A form naming a department, and a course and a batch in it when it asks for them (ids, null until chosen). */
interface ChainValues {
  depId: number | null;
  courseId?: number | null;
  batchId?: number | null;
}

/** A batch as the chain offers it: the department's list or a course's batches. */
export type ChosenBatch = Pick<RouterOutputs['batches']['byCourse'][number], 'id' | 'name' | 'startDate' | 'endDate'>;

/**
 * The department -> course -> batch choice of the admin forms, bound to a Mantine form. Each choice
 * empties the ones after it (and the form's own dependents, such as a student or a fee head); a
 * course offers its batches, or, without a course, the department's batches grouped by course.
 * The selects are returned side by side for the form's own grid.
 */
export function DepartmentCourseBatchSelect<V extends ChainValues>({
  form,
  course = false,
  batch = false,
  dependents = [],
  onBatchChange,
}: {
  form: UseFormReturnType<V>;
  /** Ask for a course of the department (form field courseId). */
  course?: boolean;
  /** Ask for a batch (form field batchId): of the chosen course, or of the department when there is no course. */
  batch?: boolean;
  /** More fields that depend on the chain, emptied when any of it changes. */
  dependents?: Array<LooseKeys<V>>;
  /** The batch just chosen, or undefined when none is. */
  onBatchChange?: (batch: ChosenBatch | undefined) => void;
}) {
  const trpc = useTRPC();
  const { depId, courseId = null } = form.values;
  const dep = depId ?? 0;
  const courses = useQuery(trpc.reference.courses.queryOptions({ depId: dep }, { enabled: course && depId !== null }));
  const courseBatches = useQuery(
    trpc.batches.byCourse.queryOptions({ depId: dep, courseId: courseId ?? 0 }, { enabled: course && batch && depId !== null && courseId !== null }),
  );
  const departmentBatches = useQuery(trpc.batches.list.queryOptions({ depId: dep }, { enabled: !course && batch && depId !== null }));

  const clear = (fields: Array<LooseKeys<V>>) => {
    for (const field of fields) form.setFieldValue(field, null as never);
  };
  const after = (level: 'depId' | 'courseId' | 'batchId'): Array<LooseKeys<V>> => {
    const chain = [course && 'courseId', batch && 'batchId'].filter(Boolean) as Array<LooseKeys<V>>;
    const later = level === 'depId' ? chain : level === 'courseId' ? chain.filter((f) => f === 'batchId') : [];
    return [...later, ...dependents];
  };

  const batchOptions = course
    ? idOptions(courseBatches.data, (b) => b.name)
    : groupedByCourse(departmentBatches.data ?? []);
  const batchRows: ChosenBatch[] = (course ? courseBatches.data : departmentBatches.data) ?? [];
  const noBatchYet = course && courseId !== null && courseBatches.data?.length === 0;

  return (
    <>
      <DepartmentSelect withAsterisk {...idSelectProps(form, 'depId' as LooseKeys<V>, () => clear(after('depId')))} />
      {course && (
        <SearchableSelect
          label="Course"
          placeholder={depId ? 'Choose a course' : 'Choose a department first'}
          withAsterisk
          disabled={!depId}
          data={idOptions(courses.data, (c) => c.name)}
          {...idSelectProps(form, 'courseId' as LooseKeys<V>, () => clear(after('courseId')))}
        />
      )}
      {batch && (
        <SearchableSelect
          label="Batch"
          placeholder={course ? (courseId ? 'Choose a batch' : 'Choose a course first') : depId ? 'Choose a batch' : 'Choose a department first'}
          withAsterisk
          disabled={course ? !courseId : !depId}
          nothingFoundMessage={course ? 'This course has no batches yet' : 'This department has no batches yet'}
          data={batchOptions}
          {...idSelectProps(form, 'batchId' as LooseKeys<V>, (id) => {
            clear(after('batchId'));
            onBatchChange?.(batchRows.find((b) => b.id === id));
          })}
          error={form.errors.batchId ?? (noBatchYet ? 'This course has no batches yet' : undefined)}
        />
      )}
    </>
  );
}

/** A department's batches as Select groups, one per course, in the order listed (also a filter screen's batch choice). */
export function groupedByCourse(batches: RouterOutputs['batches']['list']) {
  const groups: Array<{ group: string; items: Array<{ value: string; label: string }> }> = [];
  for (const b of batches) {
    const item = { value: String(b.id), label: `${b.name} (${b.courseName})` };
    const last = groups.at(-1);
    if (last?.group === b.courseName) last.items.push(item);
    else groups.push({ group: b.courseName, items: [item] });
  }
  return groups;
}
