import { COURSES, paiseToRupeesText as paise } from '@fees/validation';
import { z } from 'zod';
import { route, wireOnly } from '../route';
import { ZIsoDate, ZResultMessage, ZRupees } from '../wire';
import { confirmed, departmentOfCourse, withMessage } from './shared';

/** The spec's Batch: batch_id, name, dtFrom, dtTo, dep_id, with the course by id and name. */
const ZBatch = z.object({
  batch_id: z.int(),
  name: z.string(),
  course_id: z.int(),
  course: z.string(),
  dtFrom: ZIsoDate,
  dtTo: ZIsoDate,
  dep_id: z.int(),
});

function batchOut(b: {
  id: number;
  name: string;
  courseId: number;
  courseName?: string;
  startDate: string;
  endDate: string;
  departmentId: number;
}) {
  return {
    batch_id: b.id,
    name: b.name,
    course_id: b.courseId,
    course: b.courseName ?? COURSES.find((c) => c.id === b.courseId)?.name ?? '',
    dtFrom: b.startDate,
    dtTo: b.endDate,
    dep_id: b.departmentId,
  };
}

/** The batch payload: bname, name2 (course name), cmbcrs (course id), depid, dt1, dt2. */
const BATCH_PAYLOAD = {
  bname: 'name',
  name2: wireOnly('string', 'The course name; not needed: the course is cmbcrs'),
  cmbcrs: 'courseId',
  depid: 'depId',
  dt1: 'startDate',
  dt2: 'endDate',
} as const;

export const batchRoutes = [
  route({
    method: 'GET',
    path: '/api/bcourse/:courseId',
    procedure: 'batches.byCourse',
    summary: "A course's batches (the department is the course's)",
    access: 'lookup',
    request: { courseId: 'courseId' },
    input: (f) => ({ depId: departmentOfCourse(f.courseId) }),
    errorNames: { depId: 'courseId' },
    response: z.array(ZBatch),
    output: (rows) => rows.map(batchOut),
  }),
  route({
    method: 'GET',
    path: '/api/blist/:depId',
    procedure: 'batches.list',
    summary: "A department's batches",
    access: 'admin',
    request: { depId: 'depId' },
    response: z.array(ZBatch.extend({ student_count: z.int(), fee_total: ZRupees })),
    output: (rows) =>
      rows.map((b) => ({ ...batchOut(b), student_count: b.studentCount, fee_total: paise(b.feeTotalPaise) })),
  }),
  route({
    method: 'POST',
    path: '/api/rgbatch/',
    procedure: 'batches.create',
    summary: 'Creates a batch',
    access: 'admin',
    request: BATCH_PAYLOAD,
    input: confirmed,
    response: ZResultMessage.extend({ batch_id: z.int() }),
    output: (r) => ({ Result: r.Result, Message: r.Message, batch_id: r.id }),
    errorFields: withMessage,
  }),
  route({
    method: 'GET',
    path: '/api/bedtinfo',
    procedure: 'batches.byId',
    summary: 'One batch',
    access: 'read',
    request: { batchId: 'id' },
    response: ZBatch,
    output: batchOut,
  }),
  route({
    method: 'PUT',
    path: '/api/bedit/',
    procedure: 'batches.update',
    summary: 'Updates a batch',
    access: 'admin',
    request: { batchId: 'id', ...BATCH_PAYLOAD },
    input: confirmed,
    response: ZResultMessage,
    output: (r) => ({ Result: r.Result, Message: r.Message }),
    errorFields: withMessage,
  }),
];
