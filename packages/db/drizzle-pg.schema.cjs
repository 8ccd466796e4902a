// drizzle-kit reads a schema module's named exports, one per table; PostgreSQL's tables are built at
// run time from the one declaration in src/schema (src/engines/postgres/tables.ts), so they are
// handed over as this module's exports.
module.exports = require('./src/engines/postgres/tables.ts').postgresTables;
