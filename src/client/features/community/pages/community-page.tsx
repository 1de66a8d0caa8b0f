/** /community: the feed (issue 5). Built by the community client work. */
export default function CommunityPage() {
  return <h1 className="text-2xl font-bold">Community</h1>
}
