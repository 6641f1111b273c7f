"use client";
import { useState } from "react";
import { ColumnHeads } from "@/components/column-heads";
import { Table } from "@/components/table";
import { callApi } from "../api-client";
import { SubmitButton } from "./action-button";
import { TextInput } from "./text-input";
import { ErrorNote, useAction } from "./use-action";

interface Person {
  id: string;
  email: string | null;
  name: string | null;
  role: string;
  createdAt: string | Date;
  signIn: string[];
}

export function UsersAdmin({ users, me }: { users: Person[]; me: string }) {
  const { busy, error, run } = useAction();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState("researcher");
  const [link, setLink] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">People</h1>
      <form
        aria-label="Invite"
        className="flex flex-wrap items-center gap-2 text-sm"
        onSubmit={async (e) => {
          e.preventDefault();
          const result = await run(() => callApi<{ inviteUrl: string }>("/api/admin/users", "POST", { email, role }));
          if (result) {
            setLink(result.inviteUrl);
            setEmail("");
          }
        }}
      >
        <TextInput
          type="email"
          required
          label="E-mail to invite"
          placeholder="name@lab.org"
          className="input w-64"
          value={email}
          onValue={setEmail}
        />
        <select aria-label="Role" className="input" value={role} onChange={(e) => setRole(e.target.value)}>
          <option value="researcher">researcher</option>
          <option value="admin">admin</option>
        </select>
        <SubmitButton busy={busy}>Invite</SubmitButton>
      </form>
      {link ? (
        <p role="status" className="rounded-md bg-emerald-50 p-2 text-sm dark:bg-emerald-950">
          Send this one-time link (valid for 7 days) to set a password:{" "}
          <code className="break-all" data-invite-link>
            {link}
          </code>
          . GitHub or Google sign-in with the same address works too, when configured.
        </p>
      ) : null}
      <ErrorNote error={error} />
      <Table>
        <ColumnHeads variant="console" columns={["E-mail", "Name", "Signs in with", "Role"]} />
        <tbody>
          {users.map((u) => (
            <tr key={u.id} className="border-t border-zinc-200 dark:border-zinc-800">
              <td className="py-1.5">{u.email}</td>
              <td>{u.name ?? ""}</td>
              <td>{u.signIn.length ? u.signIn.join(", ") : <span className="muted">invited</span>}</td>
              <td>
                <select
                  aria-label={`Role of ${u.email}`}
                  className="input"
                  value={u.role}
                  disabled={busy || u.id === me}
                  onChange={(e) => run(() => callApi(`/api/admin/users/${u.id}`, "PATCH", { role: e.target.value }))}
                >
                  <option value="user">no access</option>
                  <option value="researcher">researcher</option>
                  <option value="admin">admin</option>
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
