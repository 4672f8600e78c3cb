// A local S3-compatible server (s3rver, a dev dependency) for trying STORAGE_DRIVER=s3 without a
// cloud account (docs/operations.md). Not for production: use AWS S3, Cloudflare R2, MinIO, …
//   node scripts/ops/s3-server.mjs PORT DIRECTORY [BUCKET]   (access key and secret: S3RVER)
import S3rver from 's3rver';

const [port = '4569', directory = './s3-data', bucket = 'commonwise'] = process.argv.slice(2);
const s3 = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
await s3.run();
console.log(`S3 server on http://127.0.0.1:${port}, bucket "${bucket}", files in ${directory}`);
process.on('SIGTERM', () => void s3.close().then(() => process.exit(0)));
process.on('SIGINT', () => void s3.close().then(() => process.exit(0)));
