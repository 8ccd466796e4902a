import { ZCreateStudentInput } from '@fees/validation';
import { departmentProcedure, router } from '../../trpc';
import { createHandler } from './create.handler';

export const studentsRouter = router({
  create: departmentProcedure.input(ZCreateStudentInput).mutation(createHandler),
});
