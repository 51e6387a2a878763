/** One upload's progress: a labelled progress bar (bytes sent to storage), then "Checking…" while the server confirms. */
export function UploadProgress({ fileName, fraction }: { fileName: string; fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="grid gap-1 text-xs text-muted-foreground">
      <span>{percent >= 100 ? `Checking ${fileName}…` : `Uploading ${fileName}… ${percent} %`}</span>
      <progress aria-label={`Uploading ${fileName}`} max={100} value={percent} className="h-1.5 w-full" />
    </div>
  );
}
