'use strict';
/**
 * Stands in for the X-Ray SDK's SqlData (database/sql_data.js), the attributes its MySQL/Postgres packages record:
 * we have no SQL database.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, as the X-Ray SDK it stands in for
const { cutFromLambda } = require('./cut-from-lambda.cjs');

module.exports = cutFromLambda("The X-Ray SDK's SqlData", 'no function queries a SQL database');
