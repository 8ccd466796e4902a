import { ROLES } from '@fees/validation';
import { z } from 'zod';
import { route, wireOnly } from '../route';
import { ZResultMessage } from '../wire';
import { withMessage } from './shared';

const resultMessage = (r: { Result: string; Message: string }) => ({ Result: r.Result, Message: r.Message });
const PASSWORD_CHANGE = { userId: 'userId', email: 'email', pwd1: 'pwd1', pwd2: 'pwd2', chk1: 'chk1' } as const;

export const adminRoutes = [
  route({
    method: 'POST',
    path: '/regadm/',
    procedure: 'admin.admins.create',
    summary: 'Registers an admin account',
    access: 'admin',
    request: { email: 'email', pwd1: 'pwd1', pwd2: 'pwd2', chk1: 'chk1' },
    response: ZResultMessage,
    output: resultMessage,
    errorFields: withMessage,
  }),
  route({
    method: 'PUT',
    path: '/edtadm/',
    procedure: 'admin.admins.changePassword',
    summary: "Changes an admin account's password",
    access: 'admin',
    request: PASSWORD_CHANGE,
    response: ZResultMessage,
    output: resultMessage,
    errorFields: withMessage,
  }),
  route({
    method: 'GET',
    path: '/getadm/',
    procedure: 'admin.admins.list',
    summary: 'The admin accounts',
    access: 'admin',
    response: z.array(z.object({ id: z.int(), username: z.string() })),
    output: (rows) => rows.map((a) => ({ id: a.id, username: a.username })),
  }),
  route({
    method: 'POST',
    path: '/reguser/',
    procedure: 'admin.users.create',
    summary: 'Registers a department user (options user) or an admin (options admin)',
    access: 'admin',
    request: {
      options: 'options',
      depId: 'depId',
      depName: wireOnly('string', 'Accepted and not needed: the department is depId'),
      email: 'email',
      pwd1: 'pwd1',
      pwd2: 'pwd2',
      chk1: 'chk1',
    },
    response: ZResultMessage,
    output: resultMessage,
    errorFields: withMessage,
  }),
  route({
    method: 'PUT',
    path: '/edtuser/',
    procedure: 'admin.users.changePassword',
    summary: "Changes a user's password",
    access: 'admin',
    request: PASSWORD_CHANGE,
    response: ZResultMessage,
    output: resultMessage,
    errorFields: withMessage,
  }),
  route({
    method: 'GET',
    path: '/getuser',
    procedure: 'admin.users.list',
    summary: "Every account: usertype '1' is an admin",
    access: 'admin',
    response: z.array(
      z.object({ id: z.int(), username: z.string(), usertype: z.string(), depname: z.string().nullable() }),
    ),
    output: (rows) => rows.map((u) => ({ id: u.id, username: u.username, usertype: u.usertype, depname: u.depname })),
  }),
  route({
    method: 'POST',
    path: '/v2/users',
    procedure: 'admin.users.createAccount',
    summary:
      'Creates an account with its display name, role (admin, accountant, cashier, viewer, auditor) and the ' +
      'departments it serves (depIds; admins and auditors serve every department)',
    access: 'admin',
    request: { email: 'email', password: 'password', name: 'name', role: 'role', depIds: 'depIds' },
    response: z.object({
      id: z.int(),
      email: z.string(),
      name: z.string(),
      role: z.enum(ROLES),
      depIds: z.array(z.int()),
    }),
    output: (u) => ({ id: u.id, email: u.email, name: u.name, role: u.role, depIds: u.departmentIds }),
  }),
];
