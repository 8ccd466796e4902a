import { z } from 'zod';
import { download } from '../route';

export const backupRoutes = [
  download({
    method: 'GET',
    path: '/search/backup/',
    procedure: 'backup.sqlDump',
    summary:
      'An SQL text dump of a consistent snapshot of the database, as the attachment bFile (backup_{yyyy-MM-dd}.sql)',
    access: 'admin',
    request: { bFile: 'bFile' },
    response: z.string().describe('The SQL text'),
    download: { contentType: 'application/sql; charset=utf-8' },
    output: (r) => r,
  }),
];
