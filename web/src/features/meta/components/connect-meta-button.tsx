import { PlugZap } from 'lucide-react';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useMetaConnection } from '../context/use-meta-connection';

export function ConnectMetaButton({
  label = 'Connect Meta',
  rerequest = false,
  ...props
}: ButtonProps & { label?: string; rerequest?: boolean }) {
  const { connect, connecting } = useMetaConnection();
  return (
    <Button onClick={() => void connect(rerequest ? { rerequest: true } : {})} disabled={connecting} {...props}>
      {connecting ? <Spinner label="Waiting for Meta" className="size-4" /> : <PlugZap aria-hidden="true" />}
      {connecting ? 'Waiting for Meta…' : label}
    </Button>
  );
}
