"""The organisers' REST API: views, serializers, permissions."""
