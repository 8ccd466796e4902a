import { NativeSelect } from '@mantine/core';
import type { LooseKeys, UseFormReturnType } from '@mantine/form';
import { COURSES, DEPARTMENTS } from '@fees/validation';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { idOf, idOptions, idSelectProps, idText } from '../lib/ids';
import { type RouterOutputs, useTRPC } from '../lib/trpc';
import { DEPARTMENT_OPTIONS, DepartmentSelect } from './DepartmentSelect';
import { SearchableSelect } from './SearchableSelect';

/** The chosen department, course and batch (ids, null until chosen). */
export interface Chain {
  depId: number | null;
  courseId: number | null;
  batchId: number | null;
}

/** A form or a screen's state naming a department, and a course and a batch in it when it asks for them. */
type ChainValues = Partial<Chain>;

type Level = keyof Chain;

/** A batch as the chain offers it: the department's list or a course's batches. */
export type ChosenBatch = Pick<RouterOutputs['batches']['byCourse'][number], 'id' | 'name' | 'startDate' | 'endDate'>;

interface ChainOptions {
  /** The department the screen is about (a department's own pages): no department choice then. */
  depId?: number;
  /**
   * No department choice either: the courses of every department, grouped by department, the department
   * following from the chosen course (a concession scheme's rules).
   */
  anyDepartment?: boolean;
  /** Accessible names instead of visible labels, for selects in a table row under the table's own headers. */
  ariaLabels?: { course: string; batch: string };
  /** Each select wrapped on its own, such as in a table cell. */
  wrapEach?: (select: ReactNode) => ReactNode;
  /** Ask for a course of the department. */
  course?: boolean;
  /** Ask for a batch: of the chosen course, or of the department when there is no course. */
  batch?: boolean;
  /**
   * Course and batch may stay empty, meaning all of them (a filter): "All courses", "All batches"; 'batch':
   * the course must be chosen, the batch may stay "All batches" (the course reports).
   */
  optional?: boolean | 'batch';
  /**
   * Native dropdowns, as in the rows of filters beside other native ones: the first option is "Choose... " (or "All
   * ...").
   */
  native?: boolean;
  /** Fixed widths, for selects in a row of filters rather than in the screen's grid. */
  widths?: { course?: number; batch?: number };
  /** Mark the choices that must be made with an asterisk (the default). */
  withAsterisk?: boolean;
  /**
   * Say under the batch, as its error, that the chosen course has no batches (a form that cannot go on without one).
   */
  warnNoBatch?: boolean;
  /** The batch just chosen, or undefined when none is. */
  onBatchChange?: (batch: ChosenBatch | undefined) => void;
}

interface FormBinding<V> {
  /** A Mantine form holding the ids in depId, courseId and batchId (its errors show under the selects). */
  form: UseFormReturnType<V>;
  /** More form fields that depend on the chain, emptied when any of it changes. */
  dependents?: Array<LooseKeys<V>>;
  value?: never;
  onChange?: never;
}

interface ValueBinding {
  value: ChainValues;
  /** The chain after a choice, the choices after it emptied. */
  onChange: (next: Chain) => void;
  /** The screen's own messages under the selects (a form whose fields the chain's names do not fit). */
  errors?: Partial<Record<Level, ReactNode>>;
  form?: never;
  dependents?: never;
}

/** One select's binding as Mantine's Select takes it (ids as text), with a form's error and focus handlers. */
interface Binding {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
  onFocus?: () => void;
  onBlur?: () => void;
}

const LATER: Record<Level, Level[]> = { depId: ['courseId', 'batchId'], courseId: ['batchId'], batchId: [] };

/**
 * The department -> course -> batch choice, the one copy of it: bound to a Mantine form (form) or to
 * the screen's own state (value, onChange). Each choice empties the ones after it (and a form's
 * dependents, such as a student or a fee head); a course offers its batches, or, without a course,
 * the department's batches grouped by course. The selects are returned side by side for the screen's
 * own grid.
 */
export function DepartmentCourseBatchSelect<V extends ChainValues>(
  props: ChainOptions & (FormBinding<V> | ValueBinding),
) {
  const {
    depId: fixedDepId,
    anyDepartment = false,
    ariaLabels,
    course = false,
    batch = false,
    optional = false,
    widths = {},
    native = false,
    withAsterisk = true,
    warnNoBatch = false,
    onBatchChange,
    wrapEach = (select: ReactNode) => select,
  } = props;
  const optionalCourse = optional === true;
  const optionalBatch = optional !== false;
  const trpc = useTRPC();
  const values: ChainValues = props.form ? props.form.values : props.value;
  const courseId = values.courseId ?? null;
  const courseDepartment = anyDepartment ? COURSES.find((c) => c.id === courseId)?.departmentId : undefined;
  const depId = fixedDepId ?? values.depId ?? courseDepartment ?? null;
  const dep = depId ?? 0;
  const courseBatches = useQuery(
    trpc.batches.byCourse.queryOptions(
      { depId: dep, courseId: courseId ?? 0 },
      { enabled: course && batch && depId !== null && courseId !== null },
    ),
  );
  const departmentBatches = useQuery(
    trpc.batches.list.queryOptions({ depId: dep }, { enabled: !course && batch && depId !== null }),
  );
  const batchRows: ChosenBatch[] = (course ? courseBatches.data : departmentBatches.data) ?? [];

  const asked = (level: Level) =>
    level === 'courseId' ? course : level === 'batchId' ? batch : fixedDepId === undefined && !anyDepartment;
  const chosen = (level: Level, id: number | null) => {
    if (level === 'batchId') onBatchChange?.(batchRows.find((b) => b.id === id));
  };
  const bind = (level: Level): Binding => {
    const later = LATER[level].filter(asked);
    if (props.form) {
      const form = props.form;
      return idSelectProps(form, level as LooseKeys<V>, (id) => {
        for (const field of [...later, ...(props.dependents ?? [])])
          form.setFieldValue(field as LooseKeys<V>, null as never);
        chosen(level, id);
      });
    }
    const onChange = props.onChange;
    const current: Chain = { depId, courseId, batchId: values.batchId ?? null };
    return {
      value: idText(current[level]),
      error: props.errors?.[level],
      onChange: (text) => {
        const id = idOf(text);
        const next = { ...current, [level]: id };
        for (const field of later) next[field] = null;
        onChange(next);
        chosen(level, id);
      },
    };
  };

  const coursesOf = (id: number | null) =>
    idOptions(
      COURSES.filter((c) => c.departmentId === id),
      (c) => c.name,
    );
  const courseOptions = anyDepartment
    ? DEPARTMENTS.map((d) => ({ group: d.shortName, items: coursesOf(d.id) }))
    : coursesOf(depId);
  const courseDisabled = !anyDepartment && depId === null;
  /** The visible label, or the row's accessible name when the table's header labels the column. */
  const labelled = (label: string, ariaLabel: string | undefined) =>
    ariaLabel === undefined ? { label } : { 'aria-label': ariaLabel };
  const batchOptions = course
    ? idOptions(courseBatches.data, (b) => b.name)
    : groupedByCourse(departmentBatches.data ?? []);
  const batchDisabled = course ? courseId === null : depId === null;
  const noBatchYet =
    warnNoBatch && course && courseId !== null && courseBatches.data?.length === 0
      ? 'This course has no batches yet'
      : undefined;

  if (native) {
    const choose = (all: string, isOptional: boolean) => ({ value: '', label: isOptional ? all : 'Choose... ' });
    const nativeProps = ({ value, onChange, ...rest }: Binding) => ({
      ...rest,
      value: value ?? '',
      onChange: (e: { currentTarget: { value: string } }) => onChange(e.currentTarget.value),
    });
    return (
      <>
        {asked('depId') &&
          wrapEach(
            <NativeSelect
              label="Department"
              withAsterisk={withAsterisk}
              data={depId === null ? [{ value: '', label: 'Choose... ' }, ...DEPARTMENT_OPTIONS] : DEPARTMENT_OPTIONS}
              {...nativeProps(bind('depId'))}
            />,
          )}
        {course &&
          wrapEach(
            <NativeSelect
              {...labelled('Course', ariaLabels?.course)}
              w={widths.course}
              withAsterisk={withAsterisk && !optionalCourse}
              disabled={courseDisabled}
              data={[choose('All courses', optionalCourse), ...courseOptions]}
              {...nativeProps(bind('courseId'))}
            />,
          )}
        {batch &&
          wrapEach(
            <NativeSelect
              {...labelled('Batch', ariaLabels?.batch)}
              w={widths.batch}
              withAsterisk={withAsterisk && !optionalBatch}
              disabled={batchDisabled}
              data={[choose('All batches', optionalBatch), ...batchOptions]}
              {...nativeProps(bind('batchId'))}
            />,
          )}
      </>
    );
  }

  const batchBinding = bind('batchId');
  return (
    <>
      {asked('depId') && wrapEach(<DepartmentSelect withAsterisk={withAsterisk} {...bind('depId')} />)}
      {course &&
        wrapEach(
          <SearchableSelect
            {...labelled('Course', ariaLabels?.course)}
            w={widths.course}
            placeholder={
              courseDisabled ? 'Choose a department first' : optionalCourse ? 'All courses' : 'Choose a course'
            }
            withAsterisk={withAsterisk && !optionalCourse}
            disabled={courseDisabled}
            clearable={optionalCourse}
            data={courseOptions}
            {...bind('courseId')}
          />,
        )}
      {batch &&
        wrapEach(
          <SearchableSelect
            {...labelled('Batch', ariaLabels?.batch)}
            placeholder={
              batchDisabled
                ? course
                  ? 'Choose a course first'
                  : 'Choose a department first'
                : optionalBatch
                  ? 'All batches'
                  : 'Choose a batch'
            }
            w={widths.batch}
            withAsterisk={withAsterisk && !optionalBatch}
            disabled={batchDisabled}
            clearable={optionalBatch}
            nothingFoundMessage={course ? 'This course has no batches yet' : 'This department has no batches yet'}
            data={batchOptions}
            {...batchBinding}
            error={batchBinding.error ?? noBatchYet}
          />,
        )}
    </>
  );
}

/** A department's batches as Select groups, one per course, in the order listed. */
function groupedByCourse(batches: RouterOutputs['batches']['list']) {
  const groups: Array<{ group: string; items: Array<{ value: string; label: string }> }> = [];
  for (const b of batches) {
    const item = { value: String(b.id), label: `${b.name} (${b.courseName})` };
    const last = groups.at(-1);
    if (last?.group === b.courseName) last.items.push(item);
    else groups.push({ group: b.courseName, items: [item] });
  }
  return groups;
}
