/** /profile/{userId} (issue 5). Built by the community client work. */
export default function ProfilePage({ userId }: { userId: string }) {
  return <h1 className="text-2xl font-bold">Profile {userId}</h1>
}
