import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SendForApprovalForm, type SendApprovalMutation } from '@web/components/send-for-approval-form';

const TOKEN = 'T'.repeat(43);
const approval = {
  id: 'changes_0abc0000000000000001',
  subject: { kind: 'agent_proposal' as const, name: 'Pause Ad B' },
  via: 'link' as const,
  status: 'pending' as const,
  sentAt: '2026-11-28T12:00:00Z',
  sentBy: 'agency',
};

function mutation(extra: Partial<SendApprovalMutation> = {}): SendApprovalMutation {
  return { mutate: vi.fn(), isPending: false, isSuccess: false, error: null, data: undefined, ...extra };
}
const form = () => screen.getByRole('form', { name: 'Send it for approval' });

describe('SendForApprovalForm', () => {
  it('sends a link for the chosen days; an address makes it an email from the agency’s name', async () => {
    const user = userEvent.setup();
    const send = mutation();
    render(<SendForApprovalForm formLabel="Send it for approval" send={send} />);
    await user.selectOptions(within(form()).getByLabelText('Link expires after'), '1 day');
    await user.click(within(form()).getByRole('button', { name: 'Send for approval' }));
    expect(send.mutate).toHaveBeenLastCalledWith({ via: 'link', expiresInDays: 1 });

    // The sender's name is asked for only once there is an address.
    expect(within(form()).queryByLabelText('From (your agency’s name)')).not.toBeInTheDocument();
    await user.type(within(form()).getByLabelText('Email it to (optional)'), ' bea@bakery.example.com ');
    await user.type(within(form()).getByLabelText('From (your agency’s name)'), 'Northwind Media');
    await user.click(within(form()).getByRole('button', { name: 'Send for approval' }));
    expect(send.mutate).toHaveBeenLastCalledWith({
      via: 'link',
      expiresInDays: 1,
      email: { to: 'bea@bakery.example.com', senderName: 'Northwind Media' },
    });
  });

  it('refuses a bad address or a missing sender name beside the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const send = mutation();
    render(<SendForApprovalForm formLabel="Send it for approval" send={send} />);
    await user.type(within(form()).getByLabelText('Email it to (optional)'), 'bea-at-bakery');
    await user.click(within(form()).getByRole('button', { name: 'Send for approval' }));
    expect(within(form()).getByText('Give the client’s email address.')).toBeInTheDocument();
    expect(within(form()).getByText('Say who the email is from.')).toBeInTheDocument();
    expect(within(form()).getByLabelText('Email it to (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(send.mutate).not.toHaveBeenCalled();
  });

  it('sends to the client in the app with no link and no email', async () => {
    const user = userEvent.setup();
    const send = mutation();
    render(<SendForApprovalForm formLabel="Send it for approval" send={send} />);
    await user.selectOptions(within(form()).getByLabelText('Send to'), 'The workspace’s client, in Adsmith');
    expect(within(form()).queryByLabelText('Link expires after')).not.toBeInTheDocument();
    expect(within(form()).queryByLabelText('Email it to (optional)')).not.toBeInTheDocument();
    await user.click(within(form()).getByRole('button', { name: 'Send for approval' }));
    expect(send.mutate).toHaveBeenCalledWith({ via: 'client' });
  });

  it('shows the link once it is made, and whether the email went', () => {
    const { rerender } = render(
      <SendForApprovalForm
        formLabel="Send it for approval"
        send={mutation({
          isSuccess: true,
          data: { approval, token: TOKEN, email: { to: 'bea@bakery.example.com', sent: true } },
        })}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Approval link' })).toHaveValue(
      `${window.location.origin}/approve/${TOKEN}`,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Emailed to bea@bakery.example.com.');

    rerender(
      <SendForApprovalForm
        formLabel="Send it for approval"
        send={mutation({
          isSuccess: true,
          data: { approval, token: TOKEN, email: { to: 'bea@bakery.example.com', sent: false } },
        })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The email could not be sent');
    expect(screen.getByRole('alert')).toHaveTextContent('send it to bea@bakery.example.com yourself');

    rerender(
      <SendForApprovalForm
        formLabel="Send it for approval"
        send={mutation({ isSuccess: true, data: { approval: { ...approval, via: 'client' } } })}
      />,
    );
    expect(screen.queryByRole('textbox', { name: 'Approval link' })).not.toBeInTheDocument();
    expect(screen.getByText('Sent: the client finds it under Approvals.')).toBeInTheDocument();
  });

  it('says why the server refused', () => {
    render(
      <SendForApprovalForm
        formLabel="Send it for approval"
        send={mutation({ error: new Error('“Pause Ad B” is already applied: nothing to approve.') })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('“Pause Ad B” is already applied: nothing to approve.');
  });
});

describe('SendForApprovalForm’s sender name (issue 28, req 2)', () => {
  it('starts from the Reports settings’ sender name, and the person’s own words win', async () => {
    const user = userEvent.setup();
    const send = mutation();
    render(<SendForApprovalForm formLabel="Send it for approval" send={send} defaultSenderName="Northwind Media" />);
    await user.type(within(form()).getByLabelText('Email it to (optional)'), 'bea@bakery.example.com');
    expect(within(form()).getByLabelText('From (your agency’s name)')).toHaveValue('Northwind Media');
    await user.click(within(form()).getByRole('button', { name: 'Send for approval' }));
    expect(send.mutate).toHaveBeenLastCalledWith(
      expect.objectContaining({ email: { to: 'bea@bakery.example.com', senderName: 'Northwind Media' } }),
    );
    const from = within(form()).getByLabelText('From (your agency’s name)');
    await user.clear(from);
    await user.type(from, 'Ada at Northwind');
    await user.click(within(form()).getByRole('button', { name: 'Send for approval' }));
    expect(send.mutate).toHaveBeenLastCalledWith(
      expect.objectContaining({ email: { to: 'bea@bakery.example.com', senderName: 'Ada at Northwind' } }),
    );
  });
});
