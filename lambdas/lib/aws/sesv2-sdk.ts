// What this SDK's lazy chunk holds: the client and only the commands used (an import() of the package itself
// would keep every command of the service: esbuild cannot tree-shake a namespace).
export { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
