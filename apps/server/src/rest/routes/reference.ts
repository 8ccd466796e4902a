import { z } from 'zod';
import { route } from '../route';

export const referenceRoutes = [
  route({
    method: 'GET',
    path: '/api/getdepartment/',
    procedure: 'reference.departments',
    summary: 'The six departments',
    access: 'public',
    response: z.array(z.object({ DepId: z.int(), DepName: z.string() })),
    output: (rows) => rows.map((d) => ({ DepId: d.id, DepName: d.name })),
  }),
  route({
    method: 'GET',
    path: '/api/depinfo/:depId',
    procedure: 'reference.courses',
    summary: "A department's courses",
    access: 'authed',
    request: { depId: 'depId' },
    response: z.array(z.object({ id: z.int(), course: z.string() })),
    output: (rows) => rows.map((c) => ({ id: c.id, course: c.name })),
  }),
  route({
    method: 'GET',
    path: '/api/getgrp/',
    procedure: 'reference.categories',
    summary: 'Admission categories',
    access: 'authed',
    response: z.array(z.object({ id: z.int(), cat_name: z.string() })),
    output: (rows) => rows.map((c) => ({ id: c.id, cat_name: c.name })),
  }),
  route({
    method: 'GET',
    path: '/api/religion/',
    procedure: 'reference.religions',
    summary: 'Religions',
    access: 'authed',
    response: z.array(z.object({ id: z.int(), description: z.string() })),
    output: (rows) => rows.map((r) => ({ id: r.id, description: r.name })),
  }),
  route({
    method: 'GET',
    path: '/api/getfee',
    procedure: 'reference.feeHeads',
    summary: 'Fee heads (Id, and FeeId holding the name)',
    access: 'authed',
    response: z.array(z.object({ Id: z.int(), FeeId: z.string() })),
    output: (rows) => rows.map((h) => ({ Id: h.id, FeeId: h.name })),
  }),
];
